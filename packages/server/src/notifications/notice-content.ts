/**
 * What a notification says, twice: in full for its e-mail (`body`), and in one readable sentence for
 * the app (`summary`), where a time is written by the reader's browser in their locale and time zone:
 * `{date}` in the sentence stands for `date`.
 */
export interface NoticeContent {
  /** Short, with no date: the bell's title and the e-mail's subject. */
  title: string;
  body: string;
  summary: string;
  date?: Date;
  /** Where in the web app it leads (a path). */
  link: string | null;
}
