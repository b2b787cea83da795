import { installPresenters } from "./fields.ts";
import { renderMarkdown } from "./markdown.server.ts";
import { typographText } from "./typography.server.ts";

/**
 * On the server, visible text is typographed and Markdown rendered while
 * content is validated (app/content/fields.ts). Imported for this effect by
 * the loader, so whatever parses content on the server presents it.
 */
installPresenters({ text: typographText, markdown: renderMarkdown });
