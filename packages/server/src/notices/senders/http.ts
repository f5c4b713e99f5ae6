/** A POST of JSON to a webhook or robot, ended by the signal; answers the response's text. Any status but 2xx is a failure. */
export async function postJson(url: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, signal, redirect: 'error' });
  const text = await response.text();
  if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
  return text;
}

/** A group robot's answer: HTTP 200 with `errcode` 0, or a failure carrying its `errmsg`. */
export function robotAnswer(text: string): void {
  let answer: { errcode?: unknown; errmsg?: unknown };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw new Error(`the robot answered something other than JSON: ${text.slice(0, 200)}`);
  }
  if (answer.errcode !== undefined && answer.errcode !== 0) throw new Error(`errcode ${String(answer.errcode)}: ${String(answer.errmsg ?? '')}`);
}
