/**
 * Retention (issue 27 §2): how long a company keeps audio and transcripts, in whole days, or
 * forever (null, the default, so existing companies keep everything). The bounds are shared by
 * the settings form, the settings route and the deletion job.
 */
export const RETENTION_DAYS_MIN = 1;
/** Ten years: longer than any record-keeping rule we know of asks for. */
export const RETENTION_DAYS_MAX = 3650;

/**
 * What a bot's finding reads once its transcript has been deleted: the words it quoted go, the
 * fact that the tag found something stays (dashboards and search count found tags).
 */
export const RETENTION_DELETED_FINDING = "Deleted under the company's retention policy";
