import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Form } from 'react-router-dom';
import { Button } from './Button';
import { CloseCircleFilledIcon, SearchIcon } from './icons';
import './ui.css';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Enter, the button, or picking a suggestion when there is no `onPick`. */
  onSearch: (value: string) => void;
  /** Picking a suggestion (click, or Enter on the highlighted one), by its index: what it opens is the caller's. */
  onPick?: (index: number) => void;
  /** Whole suggestion texts, best first; an empty list shows no popup. */
  suggestions: readonly string[];
  label: string;
  /**
   * Where the search is a GET form to without JavaScript (the box's text sent as `name`): Enter or the button
   * loads that address, which the server draws. With JavaScript the box searches through `onSearch` instead.
   */
  action: string;
  name: string;
  placeholder?: string;
  buttonLabel?: string;
  className?: string;
  'data-testid'?: string;
  buttonTestId?: string;
}

/**
 * A search box with suggestions, after the WAI-ARIA combobox pattern (list autocomplete): ↓/↑ move through
 * the suggestions (focus stays in the box, aria-activedescendant names the highlighted one), Enter picks the
 * highlighted suggestion or searches for the typed text, Escape closes the list, a click picks one.
 */
export function SearchCombobox({
  value,
  onChange,
  onSearch,
  onPick,
  suggestions,
  label,
  action,
  name,
  placeholder,
  buttonLabel = 'Search',
  className,
  'data-testid': testId,
  buttonTestId,
}: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [focused, setFocused] = useState(false);
  // Closed by Escape, a search or a pick, until the shopper types again.
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const open = focused && !dismissed && suggestions.length > 0;
  const highlighted = open && active >= 0 && active < suggestions.length ? active : -1;

  const type = (next: string) => {
    setDismissed(false);
    setActive(-1);
    onChange(next);
  };

  const pick = (index: number) => {
    setDismissed(true);
    setActive(-1);
    if (onPick) {
      onPick(index);
      return;
    }
    const text = suggestions[index]!;
    onChange(text);
    onSearch(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (suggestions.length === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!open) {
          setDismissed(false);
          setActive(step === 1 ? 0 : suggestions.length - 1);
          return;
        }
        setActive((current) => {
          const from = current < 0 ? (step === 1 ? -1 : suggestions.length) : current;
          return (from + step + suggestions.length) % suggestions.length;
        });
        return;
      }
      case 'Enter': {
        // The app searches (or opens the highlighted suggestion) itself: the form is not submitted.
        event.preventDefault();
        if (highlighted >= 0) pick(highlighted);
        else {
          setDismissed(true);
          onSearch(value);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setDismissed(true);
          setActive(-1);
        }
        return;
    }
  };

  // The button's click submits the form; the app answers it in place of the browser.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDismissed(true);
    onSearch(value);
  };

  return (
    <Form
      method="get"
      action={action}
      role="search"
      className={className ? `ui-search ${className}` : 'ui-search'}
      onSubmit={onSubmit}
    >
      <div className="ui-search-field">
        <SearchIcon className="ui-search-icon" />
        <input
          type="text"
          name={name}
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={placeholder}
          value={value}
          data-testid={testId}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            setActive(-1);
          }}
        />
        {value !== '' && (
          <button type="button" className="ui-search-clear" aria-label="Clear the search" onClick={() => type('')}>
            <CloseCircleFilledIcon />
          </button>
        )}
        <ul id={listId} role="listbox" aria-label={`${label}: suggestions`} className="ui-search-list" hidden={!open}>
          {open &&
            suggestions.map((text, index) => (
              <li
                key={text}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === highlighted}
                className={index === highlighted ? 'ui-search-option ui-search-option--active' : 'ui-search-option'}
                // Picked on mousedown's heels without taking focus from the box.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(index)}
              >
                {text}
              </li>
            ))}
        </ul>
      </div>
      <Button variant="primary" size="large" className="ui-search-button" data-testid={buttonTestId} htmlType="submit">
        {buttonLabel}
      </Button>
    </Form>
  );
}
