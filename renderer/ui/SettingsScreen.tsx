/** The general settings, read only, for users who may manage the till. */
import { settingLabel, settingValue } from '../format.js';
import { useTillState } from './context.js';

function SettingEntries(props: { settings: Record<string, unknown> }) {
  return (
    <>
      {Object.entries(props.settings).map(([key, value]) => (
        <div key={key} class="setting">
          <dt>{settingLabel(key)}</dt>
          <dd>
            {typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0 ? (
              <dl class="settings settings-group">
                <SettingEntries settings={value as Record<string, unknown>} />
              </dl>
            ) : (
              settingValue(value)
            )}
          </dd>
        </div>
      ))}
    </>
  );
}

export function SettingsScreen() {
  const settings = useTillState((state) => state.settings);
  return (
    <section id="settings-view" aria-labelledby="settings-heading" aria-busy={settings === null ? 'true' : 'false'}>
      <div class="view-heading">
        <h1 id="settings-heading">General settings</h1>
        <p class="store-name">Read only</p>
      </div>
      {settings !== null && (
        <dl id="settings-list" class="card settings">
          <SettingEntries settings={settings} />
        </dl>
      )}
    </section>
  );
}
