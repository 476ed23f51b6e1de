'use client';

import { useEffect, useRef, type RefObject } from 'react';

/** A ref to the value of the last render: stable callbacks read it without being rebuilt on each change. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}
