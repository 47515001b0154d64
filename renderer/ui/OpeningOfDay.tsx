/**
 * The opening of the day, before the Sell screen at the day's first login when the manager asks for
 * it (renderer/opening-of-day.ts): the float counted into the drawer, then selling. "Not now" goes on
 * to the Sell screen, which still says the register is closed.
 */
import { useTill } from './context.js';
import { OpenRegisterForm } from './OpenRegisterForm.js';

export function OpeningOfDay() {
  const { till } = useTill();
  const sell = (): void => {
    till.state.set({ openingOfDay: false });
  };
  return (
    <section id="opening-of-day" class="opening-of-day" aria-label="Opening of the day">
      <OpenRegisterForm
        id="day-open"
        floatId="day-float"
        heading="Open the register for the day"
        hint="Count the float into the drawer and type it here: the Sell screen follows."
        onOpened={() => {
          sell();
          return Promise.resolve();
        }}
      />
      <button type="button" class="button button-quiet" onClick={sell}>
        Not now
      </button>
    </section>
  );
}
