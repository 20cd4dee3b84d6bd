import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FOCUS_KEY } from '../app/island-markup.ts';

/** How long after a hover opened the menu a click still counts as part of the same gesture. */
const HOVER_CLICK_GRACE_MS = 600;

export interface MenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Shown, focusable (as the ARIA practices advise) but not selectable. */
  disabled?: boolean;
  /**
   * A link item (in-app path). With onSelect too, a plain click runs onSelect instead (the link is
   * for a new tab or window, and names where the choice leads).
   */
  to?: string;
  onSelect?: () => void;
  lang?: string;
}

export interface MenuButtonProps {
  /** The button's accessible name. */
  label: string;
  /** The button's visible content (an icon, text). */
  children: ReactNode;
  items: MenuItem[];
  /** Open on pointer hover too (the mobile navigation). */
  openOnHover?: boolean;
  buttonClassName?: string;
  menuClassName?: string;
  /** Where the menu hangs: at the button's start or end edge (logical, so it mirrors in RTL). */
  align?: 'start' | 'end';
  /** Names the button for a focus that must outlive a page load (app/island-markup.ts, FOCUS_KEY). */
  focusKey?: string;
}

/**
 * A menu button after the WAI-ARIA practices: Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes and returns to the button; Tab and a
 * click outside close it. Disabled items stay focusable and are announced as disabled.
 */
export function MenuButton({
  label,
  children,
  items,
  openOnHover = false,
  buttonClassName = '',
  menuClassName = '',
  align = 'end',
  focusKey,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  /** When hovering last opened the menu (performance.now()). */
  const hoverOpenedAt = useRef(-Infinity);
  const id = useId();
  const menuId = `${id}-menu`;
  const buttonId = `${id}-button`;

  const openAt = useCallback((index: number | null) => {
    setOpen(true);
    setFocusIndex(index);
  }, []);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setFocusIndex(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (open && focusIndex !== null) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const last = items.length - 1;

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(last);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const select = (item: MenuItem) => {
    if (item.disabled) return;
    item.onSelect?.();
    close(true);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = focusIndex ?? 0;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setFocusIndex(current >= last ? 0 : current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setFocusIndex(current <= 0 ? last : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        setFocusIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setFocusIndex(last);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        // Let the focus move on; the menu closes behind it.
        close(false);
        break;
      case ' ': {
        const item = items[current];
        if (item) {
          event.preventDefault();
          if (item.to && !item.disabled) itemRefs.current[current]?.click();
          else select(item);
        }
        break;
      }
      default:
    }
  };

  const itemClass =
    'flex w-full items-center gap-2 px-4 py-2 text-start text-slate-800 outline-none hover:bg-sky-50 focus-visible:bg-sky-100 focus:bg-sky-100 aria-disabled:cursor-default aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent';

  return (
    <div
      ref={rootRef}
      className="relative"
      onMouseEnter={
        openOnHover
          ? () => {
              hoverOpenedAt.current = performance.now();
              openAt(null);
            }
          : undefined
      }
      onMouseLeave={openOnHover ? () => close(false) : undefined}
    >
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        {...(focusKey ? { [FOCUS_KEY]: focusKey } : {})}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={buttonClassName}
        onKeyDown={onButtonKeyDown}
        onClick={(event) => {
          // Keyboard activation is handled on keydown (detail 0 marks a click made by a key).
          if (event.detail === 0) return;
          // A click (or a tap, which also fires mouseenter) right after the hover opened the menu
          // means "open": it must not close what the same gesture has just opened.
          if (open && performance.now() - hoverOpenedAt.current > HOVER_CLICK_GRACE_MS) close(false);
          else openAt(null);
        }}
      >
        {children}
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className={`absolute top-full z-50 mt-1 min-w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg ${
            align === 'end' ? 'end-0' : 'start-0'
          } ${menuClassName}`}
        >
          {items.map((item, index) => (
            <li key={item.key} role="none">
              {item.to && !item.disabled ? (
                <Link
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  role="menuitem"
                  tabIndex={-1}
                  to={item.to}
                  lang={item.lang}
                  className={itemClass}
                  onClick={(event) => {
                    if (
                      item.onSelect &&
                      event.button === 0 &&
                      !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                    ) {
                      event.preventDefault();
                      select(item);
                    } else close(false);
                  }}
                >
                  {item.icon}
                  {item.label}
                </Link>
              ) : (
                <button
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  lang={item.lang}
                  aria-disabled={item.disabled || undefined}
                  className={itemClass}
                  onClick={() => select(item)}
                >
                  {item.icon}
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
