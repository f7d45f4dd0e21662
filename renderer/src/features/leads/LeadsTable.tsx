import { Badge } from '@radix-ui/themes'
import type { Lead } from '../../../../contract/embed'
import { formatPhoneNumber } from '../../lib/phone'
import { formatLeadDate, optInLabel, telegramLabel } from './leads'
import { leadsStrings as s } from './leads.strings'

const c = s.columns

/**
 * The leads as a table; on narrow screens (390 px) each row becomes a card whose cells carry their
 * column's name (leads.css), so nothing scrolls sideways.
 */
export function LeadsTable({ leads, name }: Readonly<{ leads: readonly Lead[]; name: string }>) {
  return (
    <div className="leads-table-scroll">
      <table className="leads-table" aria-label={s.tableLabel(name)}>
        <thead>
          <tr>
            <th scope="col">{c.name}</th>
            <th scope="col">{c.email}</th>
            <th scope="col">{c.phone}</th>
            <th scope="col">{c.telegram}</th>
            <th scope="col">{c.optIn}</th>
            <th scope="col">{c.firstConversation}</th>
            <th scope="col">{c.lastConversation}</th>
            <th scope="col">{c.captured}</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => {
            const optIn = optInLabel(lead.optIn)
            return (
              <tr key={lead.id}>
                <th scope="row" data-label={c.name} className="leads-table__wrap">
                  {lead.name?.trim() || s.none}
                </th>
                <td data-label={c.email} className="leads-table__wrap">
                  <a href={`mailto:${lead.email}`}>{lead.email}</a>
                </td>
                <td data-label={c.phone}>
                  {lead.phoneNumber ? (
                    <a href={`tel:${lead.phoneNumber}`}>{formatPhoneNumber(lead.phoneNumber)}</a>
                  ) : (
                    s.none
                  )}
                </td>
                <td data-label={c.telegram}>{telegramLabel(lead.telegramUsername)}</td>
                <td data-label={c.optIn}>
                  <span className="leads-table__opt-in">
                    {optIn.medium}
                    <Badge color={optIn.on ? 'green' : 'gray'} variant="soft">
                      {optIn.on ? s.on : s.off}
                    </Badge>
                  </span>
                </td>
                <td data-label={c.firstConversation}>{formatLeadDate(lead.firstConversationAt)}</td>
                <td data-label={c.lastConversation}>{formatLeadDate(lead.lastConversationAt)}</td>
                <td data-label={c.captured}>{formatLeadDate(lead.capturedAt)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
