/**
 * The CRM sync stores a technician the CRM has no e-mail address for as `<crm id>@no-email.invalid`
 * (`.invalid` can never receive mail, RFC 2606): such a member cannot be invited.
 */
export const NO_EMAIL_DOMAIN = 'no-email.invalid';

export function cannotReceiveInvitation(email: string): boolean {
  return email.toLowerCase().endsWith('.invalid');
}
