import { useRef, type RefObject } from 'react';

/** A ref that always holds the value of the last render: memoised children call through it. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
