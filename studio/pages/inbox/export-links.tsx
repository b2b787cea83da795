import { XLSX_MAX_ROWS } from "#core/studio/export.ts";
import { STUDIO_API } from "#core/studio/paths.ts";
import "./export-links.css";

/**
 * The list's files, of its current filter: Excel (types said cell by cell, for people) and CSV
 * (for a CRM or a script; any number of rows). Past the XLSX limit the Excel button says why it
 * is not offered instead of handing out a file that is an error.
 */
export function ExportLinks({ filters, total }: { filters: URLSearchParams; total: number }) {
  const xlsx = new URLSearchParams(filters);
  xlsx.set("format", "xlsx");
  const tooMany = total > XLSX_MAX_ROWS;
  return (
    <div className="s-inbox__export">
      {tooMany ? (
        <p className="s-muted" id="s-inbox-xlsx-limit">
          В&nbsp;файл Excel помещается не&nbsp;больше {XLSX_MAX_ROWS.toLocaleString("ru-RU")} заявок: сузьте фильтр или скачайте CSV.
        </p>
      ) : (
        <a className="s-button" href={`${STUDIO_API}/inbox/export?${xlsx}`} download>
          Скачать Excel
        </a>
      )}
      <a className="s-button s-button--quiet" href={`${STUDIO_API}/inbox/export?${filters}`} download>
        Скачать CSV
      </a>
    </div>
  );
}
