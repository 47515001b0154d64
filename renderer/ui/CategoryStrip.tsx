/**
 * The sell screen's category tabs: one row that scrolls sideways on a narrow till, with an arrow at
 * each end where tabs are out of sight, so that a cashier sees there are more and reaches them by touch.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useTill, useTillState } from './context.js';

export function CategoryStrip() {
  const { till } = useTill();
  const categories = useTillState((state) => state.categories);
  const category = useTillState((state) => state.category);
  const hasFavourites = useTillState((state) => state.favourites.length > 0);
  const favouritesShown = useTillState((state) => state.favouritesShown);
  const rowRef = useRef<HTMLDivElement>(null);
  const [outOfSight, setOutOfSight] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const row = rowRef.current;
    if (row === null) return;
    // A pixel of slack: zoomed pages report fractional scroll positions.
    const before = row.scrollLeft > 1;
    const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setOutOfSight((now) => (now.before === before && now.after === after ? now : { before, after }));
  }, []);
  useLayoutEffect(measure, [categories, measure]);
  useEffect(() => {
    const row = rowRef.current;
    if (row === null) return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => {
      observer.disconnect();
    };
  }, [measure]);

  const scroll = (direction: 1 | -1): void => {
    const row = rowRef.current;
    row?.scrollBy({ left: direction * Math.max(row.clientWidth * 0.8, 100) });
  };

  return (
    <div class="category-strip">
      {outOfSight.before && (
        <button
          type="button"
          class="button strip-arrow"
          aria-label="Earlier categories"
          onClick={() => {
            scroll(-1);
          }}
        >
          ‹
        </button>
      )}
      <div ref={rowRef} class="tabs" role="group" aria-label="Categories" onScroll={measure}>
        {hasFavourites && (
          <button
            type="button"
            class="tab"
            aria-pressed={favouritesShown}
            onClick={() => {
              till.showFavourites();
            }}
          >
            Favourites
          </button>
        )}
        <button
          type="button"
          class="tab"
          aria-pressed={category === null && !favouritesShown}
          onClick={() => {
            till.chooseCategory(null);
          }}
        >
          All
        </button>
        {categories.map((entry) => (
          <button
            key={entry.id}
            type="button"
            class="tab"
            aria-pressed={category === entry.id}
            onClick={() => {
              till.chooseCategory(entry.id);
            }}
          >
            {entry.name}
          </button>
        ))}
      </div>
      {outOfSight.after && (
        <button
          type="button"
          class="button strip-arrow"
          aria-label="More categories"
          onClick={() => {
            scroll(1);
          }}
        >
          ›
        </button>
      )}
    </div>
  );
}
