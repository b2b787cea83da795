import { useState, useSyncExternalStore } from "react";
import { Button } from "../../ui/button.tsx";
import { Icon } from "../../ui/icon.tsx";

/**
 * Share links that work as plain links without JavaScript (Telegram, VK);
 * copying the link and the system share sheet appear once the browser shows
 * it can do them, so nobody sees a button that does nothing.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const canShare = useBrowserCan(() => typeof navigator.share === "function");
  const canCopy = useBrowserCan(() => typeof navigator.clipboard?.writeText === "function");
  const [copied, setCopied] = useState(false);
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return (
    <div className="share">
      <p className="share__title">Поделиться</p>
      <ul className="share__list" role="list">
        <li>
          <a className="share__link" href={`https://t.me/share/url?url=${u}&text=${t}`} target="_blank" rel="noopener noreferrer">
            <Icon icon="telegram" size={20} /> Telegram
          </a>
        </li>
        <li>
          <a className="share__link" href={`https://vk.com/share.php?url=${u}&title=${t}`} target="_blank" rel="noopener noreferrer">
            <Icon icon="vk" size={20} /> ВКонтакте
          </a>
        </li>
        {canCopy ? (
          <li>
            <Button
              size="s"
              variant="ghost"
              icon="copy"
              onClick={() => {
                void navigator.clipboard.writeText(url).then(() => setCopied(true));
              }}
            >
              {copied ? "Ссылка скопирована" : "Скопировать ссылку"}
            </Button>
          </li>
        ) : null}
        {canShare ? (
          <li>
            <Button
              size="s"
              variant="ghost"
              icon="share"
              onClick={() => {
                // The visitor closing the sheet rejects the promise: nothing to report.
                navigator.share({ url, title }).catch(() => undefined);
              }}
            >
              Другие приложения
            </Button>
          </li>
        ) : null}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {copied ? "Ссылка скопирована" : ""}
      </p>
    </div>
  );
}

const noSubscription = () => () => undefined;

/** A browser capability: false in the server HTML and at hydration, the real answer after. */
function useBrowserCan(check: () => boolean): boolean {
  return useSyncExternalStore(noSubscription, check, () => false);
}
