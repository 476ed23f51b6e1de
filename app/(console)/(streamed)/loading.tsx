import { RouteSkeleton } from '@/components/shell/route-skeleton';

/*
 * The pages of this group are streamed: the shell and this loading state are sent at once, the
 * page follows when its server part is done. The dashboard editor is outside the group on purpose:
 * a part streamed after the shell is revealed no sooner than 300 ms after the first paint (React's
 * batching of streamed boundaries), and the dashboard's header and layout are to be in the first.
 */
export default function ConsoleLoading() {
  return <RouteSkeleton />;
}
