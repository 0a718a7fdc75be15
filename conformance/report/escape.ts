/**
 * The one HTML (and XML) text escape of the reports and the matrix page: safe in element text
 * and in quoted attribute values, with either kind of quote.
 */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
