import { useCallback, useEffect, useState } from 'react';
import { readSidebarOpen, sidebarCookie } from '../../editor';

/**
 * The sidebar's open state (docs/product/editor-and-chat.md#screens-and-routes): Ctrl/Cmd+B toggles it, and the choice is kept in a cookie
 * for 7 days.
 */
export function useSidebar() {
  const [isOpen, setIsOpen] = useState(() =>
    typeof document === 'undefined' ? true : readSidebarOpen(document.cookie),
  );

  const setOpen = useCallback((open: boolean) => {
    setIsOpen(open);
    document.cookie = sidebarCookie(open);
  }, []);

  const toggle = useCallback(() => {
    setIsOpen((open) => {
      document.cookie = sidebarCookie(!open);
      return !open;
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isOpen, setOpen, toggle };
}
