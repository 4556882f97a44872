import type { FormErrors } from '@mantine/form';

interface FormWithInputNodes {
  getInputNode: (path: string) => HTMLElement | null;
}

/** Validation-failure handler for form.onSubmit: moves focus to the first invalid field. */
export function focusFirstError(form: FormWithInputNodes) {
  return (errors: FormErrors) => {
    const first = Object.keys(errors)[0];
    if (first) form.getInputNode(first)?.focus();
  };
}
