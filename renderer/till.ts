/**
 * The till's session and catalogue actions, on the state in till-state.ts. Every request goes through
 * the CONTRACT 5 client; every amount shown is a string the server answered.
 */
import type { ApiUser } from '../shared/api.js';
import { ApiClient, ApiRequestError, SessionEndedError, type SessionEnd } from './api-client.js';
import { errorDetail, noteOf, type StatusNote } from './messages.js';
import { ApprovalCancelled, Approvals } from './approvals.js';
import { createStore, type Store } from './store.js';
import type { LoginKind, TokenVault } from './token-vault.js';
import type { Variation } from '../shared/resources/products.js';
import * as ordersApi from './api/orders.js';
import * as productsApi from './api/products.js';
import type { ProductTile } from './api/products.js';
import * as registersApi from './api/registers.js';
import * as settingsApi from './api/settings.js';
import * as storesApi from './api/stores.js';
import * as paymentsApi from './api/payments.js';
import * as favouritesApi from './api/favourites.js';
import { DayOpening, shopDate } from './opening-of-day.js';
import type { StorageLike } from './token-vault.js';
import { freshTill, HISTORY_PAGE_SIZE, initialState, PRODUCTS_PER_PAGE, type Screen, type TillState } from './till-state.js';

// The state's names as they were when they lived here: screens and helpers import them from till.ts.
export { HISTORY_PAGE_SIZE, PRODUCTS_PER_PAGE } from './till-state.js';
export type { DrawerState, PendingExchange, Screen, SellingRules, TillState } from './till-state.js';

export class Till {
  readonly state: Store<TillState> = createStore(initialState());
  readonly client: ApiClient;
  readonly approvals: Approvals = new Approvals(this);
  /** Bumped by every new product query, so that a late answer for an old one is dropped. */
  private productQuery = 0;
  private readonly dayOpening: DayOpening;

  /** `tillStorage` keeps what this till remembers across logins and reloads (the day the float was asked for). */
  constructor(
    readonly vault: TokenVault,
    baseUrl: string,
    fetchFn: (input: string, init: RequestInit) => Promise<Response>,
    tillStorage: StorageLike | null = null,
  ) {
    this.dayOpening = new DayOpening(tillStorage);
    this.client = new ApiClient({
      baseUrl,
      fetch: fetchFn,
      tokens: vault,
      onSessionEnded: (end) => {
        this.sessionEnded(end);
      },
      onReachability: (reachable) => {
        if (this.state.get().unreachable !== !reachable) this.state.set({ unreachable: !reachable });
      },
    });
  }

  /** Shows a failure; a session that ended has already brought back the login screen with its own note. */
  fail(error: unknown): void {
    if (error instanceof SessionEndedError) return;
    if (error instanceof ApprovalCancelled) {
      this.state.set({ status: { kind: 'info', message: 'Not done: no manager approved it.' }, busy: false });
      return;
    }
    this.state.set({ status: noteOf(error), busy: false });
  }

  info(message: string): void {
    this.state.set({ status: { kind: 'info', message } });
  }

  clearStatus(): void {
    if (this.state.get().status !== null) this.state.set({ status: null });
  }

  async start(recoveredFrom: string | null): Promise<void> {
    const active = this.vault.activeProfileId();
    if (active !== null) {
      try {
        this.enter(await this.client.resume(active));
      } catch (error) {
        if (!(error instanceof SessionEndedError)) {
          this.vault.deactivate();
          await this.showLogin();
          this.fail(error);
        }
      }
    } else {
      await this.showLogin();
    }
    if (recoveredFrom !== null) {
      this.state.set({
        status: {
          kind: 'error',
          message: 'The till window stopped unexpectedly and was reloaded.',
          explanation: 'Sales already made are saved; check the cart before carrying on.',
          detail: `reason: ${recoveredFrom}`,
        },
      });
    }
  }

  async showLogin(options: { status?: StatusNote | null; username?: string } = {}): Promise<void> {
    this.state.set({ ...freshTill(), user: null, status: options.status ?? null, loginUsername: options.username ?? '' });
    try {
      this.state.set({ profiles: await this.vault.profiles() });
    } catch (error) {
      this.fail(error);
    }
  }

  /** The sale in the cart when a session ended: the same user's next login brings it back. */
  private interrupted: { orderId: number; userId: number } | null = null;

  private sessionEnded(end: SessionEnd): void {
    const { order, user } = this.state.get();
    if (order !== null && user !== null && order.line_items.length > 0) this.interrupted = { orderId: order.id, userId: user.id };
    const whose = end.profile === null ? 'The session' : `The session of ${end.profile.display_name || end.profile.username}`;
    const status: StatusNote = {
      kind: 'error',
      message: `${whose} has ended - please log in again.`,
      explanation: 'Your session has ended (logged out elsewhere, expired or revoked). Log in again to carry on.',
      detail: errorDetail(end.code, end.reason),
    };
    void this.showLogin(end.profile === null ? { status } : { status, username: end.profile.username });
  }

  /** After a login: the selling screen, fresh, for this user. */
  enter(user: ApiUser, signedInWith: LoginKind = 'password'): void {
    this.state.set({ ...freshTill(), user, signedInWith, status: null });
    void this.loadSellScreen().then(() => {
      this.askForFloatIfFirstLogin();
    });
    void this.restoreInterrupted(user);
  }

  /** The opening of the day before the Sell screen, where the manager asks for it and the register is closed: once a day on this till. */
  private askForFloatIfFirstLogin(): void {
    const { rules, drawer, user, store } = this.state.get();
    const closed = drawer?.register != null && drawer.register.session === null;
    const handlesCash = (user?.capabilities as string[] | undefined)?.includes('handle_cash') === true;
    if (!rules.askFloatAtFirstLogin || !closed || !handlesCash) return;
    if (this.dayOpening.firstAskOf(shopDate(store?.timezone))) this.state.set({ openingOfDay: true });
  }

  /** The cart of a session that ended, back for the user who was ringing it up, while it is still unpaid. */
  private async restoreInterrupted(user: ApiUser): Promise<void> {
    const interrupted = this.interrupted;
    this.interrupted = null;
    if (interrupted?.userId !== user.id) return;
    try {
      const order = await ordersApi.get(this.client, interrupted.orderId);
      if (order.status !== 'pending' || this.state.get().order !== null) return;
      this.state.set({ order, status: { kind: 'info', message: `The sale in progress when the session ended (order ${order.number}) is back in the cart.` } });
    } catch (error) {
      this.fail(error);
    }
  }

  /** A login by password, or by PIN when switching to a user at the till. */
  async login(username: string, secret: string, kind: LoginKind = 'password'): Promise<void> {
    const user = await this.client.login(username, secret, kind);
    this.enter(user, kind);
  }

  /** The idle lock's PIN or password: a new login of the same user, so the server checks it. */
  async unlock(secret: string, kind: LoginKind = 'password'): Promise<void> {
    const current = this.state.get().user;
    if (current === null) return;
    const user = await this.client.login(current.username, secret, kind);
    if (user.uuid !== current.uuid) throw new Error('unlocked as another user');
    this.state.set({ locked: false, user, status: null });
  }

  lock(): void {
    if (this.state.get().user !== null) this.state.set({ locked: true });
  }

  /** Back to the login screen to log in as someone else; the other user's PIN or password is asked for. */
  async switchUser(): Promise<void> {
    this.vault.deactivate();
    await this.showLogin();
  }

  async logout(): Promise<void> {
    try {
      await this.client.logout();
      await this.showLogin({ status: { kind: 'info', message: 'You have logged out.' } });
    } catch (error) {
      this.fail(error);
    }
  }

  go(screen: Screen): void {
    this.state.set({ screen, status: null, historyOrder: null, openingOfDay: false });
    if (screen === 'history') void this.loadHistory();
    if (screen === 'drawer') void this.loadDrawer();
    if (screen === 'sell') void this.loadSellScreen();
  }

  /** The store (for the price format), tenders, categories and the first products, all at once. */
  async loadSellScreen(): Promise<void> {
    try {
      const [stores, gateways, categories, settings] = await Promise.all([
        storesApi.list(this.client),
        paymentsApi.gateways(this.client),
        productsApi.categories(this.client),
        settingsApi.all(this.client),
        this.loadProducts(false),
      ]);
      const store = stores[0] ?? null;
      this.state.set({
        store,
        gateways: gateways.filter((gateway) => gateway.enabled).sort((a, b) => a.order - b.order),
        categories,
        rules: {
          decimalQuantities: settings.general?.decimal_qty === true,
          preventOverselling: store?.prevent_overselling === true || settings.checkout?.prevent_overselling === true,
          sellPrivate: settings.general?.sell_private_products === true,
          askFloatAtFirstLogin: settings.general?.ask_float_at_first_login === true,
        },
      });
      await Promise.all([this.loadFavourites(), this.loadRegister()]);
    } catch (error) {
      this.fail(error);
    }
  }

  /** The register sales go to, without its report: whether the Sell screen must ask for the float first. */
  async loadRegister(): Promise<void> {
    const [register] = await registersApi.list(this.client, { per_page: 1, store_id: this.state.get().store?.id });
    this.state.set((state) => ({
      drawer: { register: register ?? null, report: state.drawer?.report ?? null, closure: state.drawer?.closure ?? null },
    }));
  }

  /** The first page of the current query, or (with `more`) the next one. A failure clears the old results. */
  async loadProducts(more: boolean): Promise<void> {
    const { search, category, productsPage, products } = this.state.get();
    const query = ++this.productQuery;
    const page = more ? productsPage + 1 : 1;
    this.state.set(more ? { loadingProducts: true } : { loadingProducts: true, products: [], productsPage: 0, hasMoreProducts: false });
    try {
      const term = search.trim();
      // A search looks through the whole catalogue: a cashier searches for what is not in sight.
      const found = await productsApi.tiles(this.client, {
        search: term === '' ? undefined : term,
        category: term === '' ? (category ?? undefined) : undefined,
        per_page: PRODUCTS_PER_PAGE,
        page,
        orderby: term === '' ? 'title' : undefined,
        order: term === '' ? 'asc' : undefined,
      });
      if (query !== this.productQuery) return;
      this.state.set({
        products: more ? [...products, ...found] : found,
        productsPage: page,
        hasMoreProducts: found.length === PRODUCTS_PER_PAGE,
        loadingProducts: false,
      });
    } catch (error) {
      if (query !== this.productQuery) return;
      // A failed query leaves no results of an earlier one under the new term.
      this.state.set({ products: [], productsPage: 0, hasMoreProducts: false, loadingProducts: false });
      throw error;
    }
  }

  /** The store's favourites; the first page of the product area when any are set and nothing else was chosen. */
  async loadFavourites(): Promise<void> {
    const { store, search, category } = this.state.get();
    const favourites = store === null ? [] : await favouritesApi.tiles(this.client, store.id);
    this.state.set({ favourites, favouritesShown: favourites.length > 0 && search.trim() === '' && category === null });
  }

  showFavourites(): void {
    this.state.set({ favouritesShown: this.state.get().favourites.length > 0, search: '', category: null, status: null });
  }

  /** A search of the whole catalogue: "All" shows as chosen while its results show. */
  search(term: string): void {
    this.state.set(term.trim() === '' ? { search: term, status: null } : { search: term, category: null, status: null, favouritesShown: false });
    this.loadProducts(false).catch((error: unknown) => {
      this.fail(error);
    });
  }

  /** A category's products; "All" (null) keeps a search, since a search already looks through everything. */
  chooseCategory(category: number | null): void {
    this.state.set(category === null ? { category, status: null, favouritesShown: false } : { category, search: '', status: null, favouritesShown: false });
    this.loadProducts(false).catch((error: unknown) => {
      this.fail(error);
    });
  }

  /** A scanned code: the product whose barcode (or SKU) it is, as the server matches it. */
  lookUpBarcode(code: string): Promise<ProductTile | null> {
    return productsApi.byBarcode(this.client, code);
  }

  variationsOf(product: ProductTile): Promise<Variation[]> {
    return productsApi.variations(this.client, product.id);
  }

  /** The orders screen's list: the newest sales, or those a search on the screen asked for (renderer/ui/OrderSearch.tsx). */
  async loadHistory(search: ordersApi.OrderListQuery = {}): Promise<void> {
    this.state.set({ history: null });
    try {
      this.state.set({
        history: await ordersApi.list(this.client, {
          per_page: HISTORY_PAGE_SIZE,
          status: 'completed,processing,refunded',
          orderby: 'date',
          order: 'desc',
          ...search,
        }),
      });
    } catch (error) {
      this.state.set({ history: [] });
      this.fail(error);
    }
  }

  /** The orders screen's list of every till's sales, those whose receipt number holds `search`. */
  async loadShopHistory(search: string, page: number): Promise<void> {
    this.state.set({ history: null });
    try {
      const query = { per_page: HISTORY_PAGE_SIZE, page, ...(search === '' ? {} : { search }) };
      this.state.set({ history: await ordersApi.shopList(this.client, query) });
    } catch (error) {
      this.state.set({ history: [] });
      this.fail(error);
    }
  }

  /** The register an order is sold on (the till's store's first, as the server picks it) and its open session. */
  async loadDrawer(): Promise<void> {
    try {
      const [register] = await registersApi.list(this.client, { per_page: 1, store_id: this.state.get().store?.id });
      const report = register?.session == null ? null : await registersApi.session(this.client, register.id);
      this.state.set((state) => ({ drawer: { register: register ?? null, report, closure: state.drawer?.closure ?? null } }));
    } catch (error) {
      this.state.set({ drawer: { register: null, report: null, closure: null } });
      this.fail(error);
    }
  }

  /** The banner's retry: the screen's data again (which also tells whether the server is back). */
  retry(): void {
    this.clearStatus();
    this.go(this.state.get().screen);
  }

  isUnreachable(error: unknown): boolean {
    return error instanceof ApiRequestError && error.status === 0;
  }
}
