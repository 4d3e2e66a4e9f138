/** What a notification says, and where in the web app it leads (a path). */
export interface NoticeContent {
  title: string;
  body: string;
  link: string | null;
}
