import { Facts } from "~/components/facts";
import type { ClaimRecordView, RecordCell, RecordTable } from "./claim-record";

function Cell({ cell }: { cell: RecordCell }) {
  if (typeof cell === "string") return <td className={/^[a-f0-9]{64}$/.test(cell) ? "claim-record__hash" : undefined}>{cell}</td>;
  if ("header" in cell) return <th scope="row">{cell.text}</th>;
  return (
    <td>
      <a href={cell.href}>{cell.text}</a>
    </td>
  );
}

function RecordTableView({ table, id }: { table: RecordTable; id: string }) {
  return (
    <section className="table-scroll" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className="schedule-table">
        <caption id={`${id}-caption`} className="schedule-table__caption">
          {table.caption}
        </caption>
        <thead>
          <tr>
            {table.headers.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <Cell cell={cell} key={c} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The claim record's facts and sections (issue 39): what record.tsx and shared-record.tsx show,
 * from the view the PDF draws too (claim-record.ts). No script.
 */
export function ClaimRecordSections({ view }: { view: ClaimRecordView }) {
  return (
    <>
      <Facts className="claim-record__facts" facts={view.facts} />
      {view.sections.map((section) => (
        <section key={section.id} aria-labelledby={`record-${section.id}`} className="claim-record__section">
          <h2 id={`record-${section.id}`}>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.tables.map((table, i) => (
            <RecordTableView table={table} id={`record-${section.id}-${i}`} key={table.caption} />
          ))}
        </section>
      ))}
    </>
  );
}
