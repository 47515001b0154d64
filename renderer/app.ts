/**
 * The till's window: login, the switch between logged-in users, a product search and, for users
 * who may manage the POS, the general settings. It talks to the server with the same REST calls as
 * any POS client, through the CONTRACT 5 client.
 */
import { API_NAMESPACE, type ApiUser } from '../shared/api.js';
import { ApiClient, ApiRequestError, SessionEndedError, type SessionEnd } from './api-client.js';
import type { SavedProfile, TillbaseBridge } from '../shared/bridge.js';
import { formatPrice, roleLabel, settingLabel, settingValue, stockLabel, type PriceFormat } from './format.js';
import { memoryProfiles, sessionStorageProfiles, TokenVault, type StorageLike } from './token-vault.js';

interface Product {
  id: number;
  name: string;
  sku: string;
  price: string;
  stock_status: string;
}

interface Store extends PriceFormat {
  id: number;
  name: string;
}

interface StatusNote {
  kind: 'error' | 'info';
  message: string;
  detail?: string | null;
}

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`index.html has no ${type.name} #${id}`);
  return element;
}

const sessionBar = byId('session-bar', HTMLElement);
const navProducts = byId('nav-products', HTMLAnchorElement);
const navSettings = byId('nav-settings', HTMLAnchorElement);
const userName = byId('user-name', HTMLSpanElement);
const userRole = byId('user-role', HTMLSpanElement);
const switchUserButton = byId('switch-user', HTMLButtonElement);
const logOutButton = byId('log-out', HTMLButtonElement);
const statusBox = byId('status', HTMLDivElement);
const statusMessage = byId('status-message', HTMLParagraphElement);
const statusDetail = byId('status-detail', HTMLParagraphElement);
const loginView = byId('login-view', HTMLElement);
const loginForm = byId('login-form', HTMLFormElement);
const loginUsername = byId('login-username', HTMLInputElement);
const loginPassword = byId('login-password', HTMLInputElement);
const loginError = byId('login-error', HTMLParagraphElement);
const loginSubmit = byId('login-submit', HTMLButtonElement);
const profilesSection = byId('profiles', HTMLElement);
const profileList = byId('profile-list', HTMLUListElement);
const productsView = byId('products-view', HTMLElement);
const storeName = byId('store-name', HTMLParagraphElement);
const searchForm = byId('search-form', HTMLFormElement);
const searchInput = byId('search-input', HTMLInputElement);
const productRows = byId('product-rows', HTMLTableSectionElement);
const productEmpty = byId('product-empty', HTMLParagraphElement);
const settingsView = byId('settings-view', HTMLElement);
const settingsList = byId('settings-list', HTMLDListElement);

function tabStorage(): StorageLike | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off by the browser: profiles then last as long as the page.
    return null;
  }
}

const bridge = (window as Window & { tillbase?: TillbaseBridge }).tillbase;
const storage = tabStorage();
const vault = new TokenVault(bridge?.profiles ?? (storage === null ? memoryProfiles() : sessionStorageProfiles(storage)), storage);
const client = new ApiClient({
  baseUrl: `${window.location.origin}${API_NAMESPACE}`,
  fetch: window.fetch.bind(window),
  tokens: vault,
  onSessionEnded: sessionEnded,
});

/** Bumped on every change of screen, so that a late answer for an old screen is dropped. */
let screen = 0;
let productSearch = 0;
let priceFormat: PriceFormat | null = null;

function clearStatus(): void {
  statusBox.hidden = true;
  statusMessage.textContent = '';
  statusDetail.textContent = '';
}

function showStatus(note: StatusNote): void {
  statusBox.classList.toggle('status-info', note.kind === 'info');
  statusMessage.textContent = note.message;
  statusDetail.textContent = note.detail ?? '';
  statusDetail.hidden = note.detail === undefined || note.detail === null;
  statusBox.hidden = false;
}

function errorDetail(code: string, reason: string | null): string {
  return reason === null ? `code: ${code}` : `code: ${code} · reason: ${reason}`;
}

/** The server's code and reason go below the message: they tell a token failure from a permission failure. */
function showError(error: unknown): void {
  // A session that ended has already brought back the login screen with its own note.
  if (error instanceof SessionEndedError) return;
  if (error instanceof ApiRequestError) showStatus({ kind: 'error', message: error.message, detail: errorDetail(error.code, error.reason) });
  else showStatus({ kind: 'error', message: 'Something went wrong in the till app.', detail: error instanceof Error ? error.message : null });
}

function loginFailureText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'Logging in failed.';
  if (error.status === 401) return 'The username or password is not correct.';
  if (error.status === 429) {
    return error.retryAfterSeconds === null ? 'Too many failed attempts. Try again later.' : `Too many failed attempts. Try again in ${error.retryAfterSeconds} seconds.`;
  }
  return error.message;
}

function profileButton(profile: SavedProfile): HTMLLIElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'profile-button';
  button.dataset.profile = profile.uuid;
  const prefix = document.createElement('span');
  prefix.className = 'visually-hidden';
  prefix.textContent = 'Continue as ';
  const name = document.createElement('span');
  name.textContent = profile.display_name || profile.username;
  const role = document.createElement('span');
  role.className = 'profile-role';
  role.textContent = `${roleLabel(profile.roles)} · ${profile.username}`;
  button.append(prefix, name, role);
  button.addEventListener('click', () => {
    void continueAs(profile.uuid);
  });
  const item = document.createElement('li');
  item.append(button);
  return item;
}

async function renderProfiles(): Promise<void> {
  const profiles = await vault.profiles();
  profileList.replaceChildren(...profiles.map(profileButton));
  profilesSection.hidden = profiles.length === 0;
}

async function showLogin(options: { status?: StatusNote; username?: string } = {}): Promise<void> {
  screen += 1;
  if (options.status === undefined) clearStatus();
  else showStatus(options.status);
  sessionBar.hidden = true;
  productsView.hidden = true;
  settingsView.hidden = true;
  loginView.hidden = false;
  loginForm.reset();
  loginError.textContent = '';
  loginUsername.value = options.username ?? '';
  (options.username === undefined ? loginUsername : loginPassword).focus();
  try {
    await renderProfiles();
  } catch (error) {
    showError(error);
  }
}

function sessionEnded(end: SessionEnd): void {
  const whose = end.profile === null ? 'The session' : `The session of ${end.profile.display_name || end.profile.username}`;
  const status: StatusNote = { kind: 'error', message: `${whose} has ended - please log in again.`, detail: errorDetail(end.code, end.reason) };
  void showLogin(end.profile === null ? { status } : { status, username: end.profile.username });
}

/**
 * Shows the till for `user`. After a login or a switch of user it starts on the products screen,
 * so that nobody lands on the screen the previous user had open; a reload keeps the route.
 */
function enterTill(user: ApiUser, start: 'home' | 'current route'): void {
  if (start === 'home' && window.location.hash !== '#/products') window.history.replaceState(null, '', '#/products');
  clearStatus();
  loginView.hidden = true;
  sessionBar.hidden = false;
  userName.textContent = user.display_name || user.username;
  userRole.textContent = roleLabel(user.roles);
  navSettings.hidden = !user.capabilities.includes('manage_pos');
  showRoute();
  // A barcode scanner types where the focus is: straight into the product search.
  if (!productsView.hidden) searchInput.focus();
}

function showRoute(): void {
  if (window.location.hash === '#/settings') void showSettings();
  else void showProducts();
}

function markCurrent(link: HTMLAnchorElement): void {
  for (const candidate of [navProducts, navSettings]) {
    if (candidate === link) candidate.setAttribute('aria-current', 'page');
    else candidate.removeAttribute('aria-current');
  }
}

function productRow(product: Product): HTMLTableRowElement {
  const row = document.createElement('tr');
  const cells = [
    { text: product.name, className: '' },
    { text: product.sku || '—', className: 'sku' },
    { text: formatPrice(product.price, priceFormat), className: 'numeric' },
    { text: stockLabel(product.stock_status), className: `stock-${product.stock_status}` },
  ];
  for (const cell of cells) {
    const element = document.createElement('td');
    element.textContent = cell.text;
    if (cell.className !== '') element.className = cell.className;
    row.append(element);
  }
  return row;
}

function renderProducts(products: Product[]): void {
  productRows.replaceChildren(...products.map(productRow));
  productEmpty.hidden = products.length > 0;
}

function fetchProducts(search: string): Promise<Product[]> {
  const term = search.trim();
  return client.get<Product[]>('/products', { search: term === '' ? undefined : term, per_page: 20 });
}

/** Loads running for each view; `aria-busy` tells assistive technology (and tests) when a view has settled. */
const loadsInFlight = new Map<HTMLElement, number>();

async function whileLoading<T>(view: HTMLElement, load: () => Promise<T>): Promise<T> {
  loadsInFlight.set(view, (loadsInFlight.get(view) ?? 0) + 1);
  view.setAttribute('aria-busy', 'true');
  try {
    return await load();
  } finally {
    const remaining = (loadsInFlight.get(view) ?? 1) - 1;
    loadsInFlight.set(view, remaining);
    if (remaining === 0) view.setAttribute('aria-busy', 'false');
  }
}

async function showProducts(): Promise<void> {
  screen += 1;
  const current = screen;
  clearStatus();
  settingsView.hidden = true;
  productsView.hidden = false;
  markCurrent(navProducts);
  try {
    // Independent requests go out together; after an expired token they share one refresh.
    const [stores, products] = await whileLoading(productsView, () => Promise.all([client.get<Store[]>('/stores'), fetchProducts(searchInput.value)]));
    if (current !== screen) return;
    const store = stores[0] ?? null;
    priceFormat = store;
    storeName.textContent = store === null ? '' : store.name;
    renderProducts(products);
  } catch (error) {
    if (current === screen) showError(error);
  }
}

async function searchProducts(): Promise<void> {
  productSearch += 1;
  const search = productSearch;
  const current = screen;
  clearStatus();
  try {
    const products = await whileLoading(productsView, () => fetchProducts(searchInput.value));
    if (current === screen && search === productSearch) renderProducts(products);
  } catch (error) {
    if (current === screen) showError(error);
  }
}

/** One `dt`/`dd` pair per setting; a group of settings (such as `store_defaults`) becomes a nested list. */
function settingEntries(settings: Record<string, unknown>): HTMLElement[] {
  return Object.entries(settings).flatMap(([key, value]) => {
    const term = document.createElement('dt');
    term.textContent = settingLabel(key);
    const description = document.createElement('dd');
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0) {
      const group = document.createElement('dl');
      group.className = 'settings settings-group';
      group.append(...settingEntries(value as Record<string, unknown>));
      description.append(group);
    } else {
      description.textContent = settingValue(value);
    }
    return [term, description];
  });
}

async function showSettings(): Promise<void> {
  screen += 1;
  const current = screen;
  clearStatus();
  productsView.hidden = true;
  settingsView.hidden = true;
  settingsList.replaceChildren();
  markCurrent(navSettings);
  try {
    const settings = await whileLoading(settingsView, () => client.get<Record<string, unknown>>('/settings/general'));
    if (current !== screen) return;
    settingsList.replaceChildren(...settingEntries(settings));
    settingsView.hidden = false;
  } catch (error) {
    if (current === screen) showError(error);
  }
}

async function continueAs(profileId: string): Promise<void> {
  clearStatus();
  try {
    enterTill(await client.resume(profileId), 'home');
  } catch (error) {
    if (error instanceof SessionEndedError) return;
    vault.deactivate();
    showError(error);
  }
}

async function logIn(): Promise<void> {
  const username = loginUsername.value.trim();
  const password = loginPassword.value;
  if (username === '' || password === '') {
    loginError.textContent = 'Enter your username and password.';
    return;
  }
  loginSubmit.disabled = true;
  loginError.textContent = '';
  try {
    const user = await client.login(username, password);
    loginForm.reset();
    enterTill(user, 'home');
  } catch (error) {
    loginError.textContent = loginFailureText(error);
    loginPassword.select();
  } finally {
    loginSubmit.disabled = false;
  }
}

async function logOut(): Promise<void> {
  logOutButton.disabled = true;
  try {
    await client.logout();
    await showLogin({ status: { kind: 'info', message: 'You have logged out.' } });
  } catch (error) {
    showError(error);
  } finally {
    logOutButton.disabled = false;
  }
}

loginForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void logIn();
});
searchForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void searchProducts();
});
switchUserButton.addEventListener('click', () => {
  vault.deactivate();
  void showLogin();
});
logOutButton.addEventListener('click', () => {
  void logOut();
});
window.addEventListener('hashchange', () => {
  if (vault.activeUser() !== null) showRoute();
});
// A link to the screen already shown changes no hash: reload that screen instead.
for (const link of [navProducts, navSettings]) {
  link.addEventListener('click', () => {
    if (link.hash === window.location.hash) showRoute();
  });
}

async function start(): Promise<void> {
  const active = vault.activeProfileId();
  if (active === null) {
    await showLogin();
    return;
  }
  try {
    enterTill(await client.resume(active), 'current route');
  } catch (error) {
    if (error instanceof SessionEndedError) return;
    vault.deactivate();
    await showLogin();
    showError(error);
  }
}

void start();
