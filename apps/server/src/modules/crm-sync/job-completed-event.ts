/**
 * The data of job.completed, published whenever a job's status becomes completed (the CRM sync is
 * its main producer; bot automation subscribes to it).
 */
export interface JobCompletedEvent {
  job_id: string;
  company_id: string;
  customer_id: string;
  /** The job's revenue in integer cents; null when the CRM gave none. */
  revenue_cents: number | null;
}
