/** What a script gets back from the site: the status, the answer read whole (and as JSON when it is), the headers. */
export interface SiteAnswer {
  status: number;
  text: string;
  /** Parsed JSON, or the text when it is not JSON; each test reads the fields it expects. */
  body: any;
  headers: Headers;
}

/** One request as a script sends it: a JSON body when given, redirects not followed. */
export async function siteCall(
  base: string,
  method: string,
  url: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<SiteAnswer> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // an HTML document, or nothing
  }
  return { status: response.status, text, body, headers: response.headers };
}
