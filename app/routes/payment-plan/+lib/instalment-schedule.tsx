import type { ScheduleView } from "./payment-plan-view";

/**
 * A payment plan's instalments (part 2 §2): a table with its caption, the first five then 'Show
 * more' / 'Hide' (a link: the state is in the URL). `withStatus` adds each instalment's status in
 * words, for a live plan. The block is the link's target (`id`), so the page comes back there.
 */
export function InstalmentSchedule({
  schedule,
  caption,
  withStatus = false,
  id = "schedule",
}: {
  schedule: ScheduleView;
  caption: string;
  withStatus?: boolean;
  id?: string;
}) {
  return (
    <div id={id} className="instalment-schedule">
      <section className="table-scroll" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className="schedule-table">
          <caption id={`${id}-caption`} className="schedule-table__caption">
            {caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">Instalment</th>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              {withStatus ? <th scope="col">Status</th> : null}
            </tr>
          </thead>
          <tbody>
            {schedule.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.number}</th>
                <td>{row.date}</td>
                <td>{row.amount}</td>
                {withStatus ? <td className={row.failed ? "instalment-schedule__failed" : undefined}>{row.status}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {schedule.toggle ? (
        <p>
          <a href={schedule.toggle.href} className="standalone-link">
            {schedule.toggle.label}
            {schedule.expanded ? null : <span className="visually-hidden"> (all {schedule.total} instalments)</span>}
          </a>
        </p>
      ) : null}
    </div>
  );
}
