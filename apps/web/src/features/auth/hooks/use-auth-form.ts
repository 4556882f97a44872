import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { parse, type core } from 'zod/mini';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { applyServerErrors } from '@/lib/forms/server-errors';

export interface AuthFormOptions<Values extends Record<string, unknown>, Body> {
  /** The request body's shared schema: it validates the form and makes the body sent. */
  schema: core.$ZodType<Body>;
  initialValues: Values;
  /** Fields the form shows: a 422 on one of them goes under its input, anything else above the form. */
  fields: readonly string[];
  /** Sends the body; `onError` puts a failure where the user sees it. */
  send: (body: Body, onError: (error: unknown) => void) => void;
}

/**
 * The form of every auth page (spec §2, §5): validated with the shared schema, focus on the first
 * invalid field, server field errors under their inputs and any other failure as the form's alert.
 */
export function useAuthForm<Values extends Record<string, unknown>, Body>({
  schema,
  initialValues,
  fields,
  send,
}: AuthFormOptions<Values, Body>) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues, validate: zod4Resolver(schema) });

  const onSubmit = form.onSubmit((values) => {
    setFormError(null);
    send(parse(schema, values), (error) => setFormError(applyServerErrors(form, error, fields)));
  }, focusFirstError(form));

  return { form, formError, onSubmit };
}
