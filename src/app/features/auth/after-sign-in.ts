/** Where sign-in leads: the page asked for (`?redirect=`), if it is one of ours, else home. */
export function afterSignIn(redirect: string | null | undefined): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}
