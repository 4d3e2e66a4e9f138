/** How a fake request answers: a status and body, a network failure, or never (to be aborted). */
export type XhrReply = { status: number; body: string } | 'network-error' | 'hang';

/** One request the fake saw. */
export interface XhrCall {
  path: string;
  authorization: string | undefined;
  /** The text parts of a multipart body, when it has any. */
  fields?: Record<string, string>;
}

/** The text parts of a form (the file parts left out). */
function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/**
 * A stand-in for XMLHttpRequest in jsdom, for upload tests: reports one progress event of the whole
 * body, then answers with the next scripted reply.
 */
export function fakeXhrClass(replies: XhrReply[], calls: XhrCall[]) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private path = '';
    private headers: Record<string, string> = {};

    open(_method: string, path: string) {
      this.path = path;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.onabort?.();
    }

    send(body?: unknown) {
      const fields = body instanceof FormData ? textFields(body) : {};
      calls.push({
        path: this.path,
        authorization: this.headers.Authorization,
        ...(Object.keys(fields).length > 0 ? { fields } : {}),
      });
      const reply = replies.shift() ?? 'network-error';
      if (reply === 'hang') return;
      queueMicrotask(() => {
        if (reply === 'network-error') {
          this.onerror?.();
          return;
        }
        this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 } as ProgressEvent);
        this.status = reply.status;
        this.responseText = reply.body;
        this.onload?.();
      });
    }
  };
}
