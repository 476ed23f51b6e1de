'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useOnceTrue } from '@/components/ui/use-once-true';
import type { HistoryKind } from '@/lib/history/kinds';
import dynamic from 'next/dynamic';

const CodeDialog = dynamic(() => import('./code-dialog').then((m) => m.CodeDialog), { ssr: false });

/** "View as Terraform": the object as a resource of the vendor's Terraform provider, with an import block. */
export function CodeButton({ kind, id, name }: { kind: HistoryKind; id: string; name: string }) {
  const [open, setOpen] = useState(false);
  const mounted = useOnceTrue(open);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        View as Terraform
      </Button>
      {mounted && <CodeDialog kind={kind} id={id} name={name} open={open} onOpenChange={setOpen} />}
    </>
  );
}
