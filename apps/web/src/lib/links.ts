/** Footer documents (spec §2). The product site hosts them; the addresses are configuration. */
export const LEGAL_LINKS = [
  {
    label: 'Terms & Conditions',
    href: import.meta.env.VITE_TERMS_URL ?? 'https://fieldbot.ai/terms-and-conditions',
  },
  {
    label: 'Privacy Policy',
    href: import.meta.env.VITE_PRIVACY_URL ?? 'https://fieldbot.ai/privacy-policy',
  },
  {
    label: 'Disclosure',
    href: import.meta.env.VITE_DISCLOSURE_URL ?? 'https://fieldbot.ai/recording-policy',
  },
] as const;
