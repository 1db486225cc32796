import { useSession } from '#src/lib/session.ts';

/** True when a logged-in customer opens /login or /register: those screens then send them to /store. */
export function useIsLoggedIn(): boolean {
  const { isPending, isLoggedIn } = useSession();
  return !isPending && isLoggedIn;
}
