/** Settings → Privacy (issue 27). Code outside the module imports it from here only. */
export { createAudioBleepRepo, type AudioBleepRepo } from './audio-bleep.repo.js';
export {
  createCompanyPrivacyReader,
  createRedactionReader,
  type CompanyPrivacy,
  type CompanyPrivacyReader,
} from './company-privacy.js';
export { registerPrivacySettingsModule } from './privacy-settings.module.js';
