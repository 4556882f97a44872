ALTER TABLE "customers" ADD COLUMN "interactions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_interactions_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE customers SET interactions_count = interactions_count - 1 WHERE id = OLD.customer_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE customers SET interactions_count = interactions_count + 1 WHERE id = NEW.customer_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER interactions_count_trigger AFTER INSERT OR DELETE OR UPDATE OF customer_id ON interactions
  FOR EACH ROW EXECUTE FUNCTION customers_interactions_count();--> statement-breakpoint
UPDATE customers c SET interactions_count = (SELECT count(*) FROM interactions i WHERE i.customer_id = c.id);
