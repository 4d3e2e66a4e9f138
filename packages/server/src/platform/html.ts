/** Text made safe inside HTML text and attribute values, for the few pages the server renders. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
