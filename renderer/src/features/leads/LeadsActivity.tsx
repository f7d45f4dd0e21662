import { Heading, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { activeLanguage } from '../../../../contract/i18n'
import { trackedEventCountsQuery } from '../../api/embed'
import { leadsStrings } from './leads.strings'

const s = leadsStrings.activity

/**
 * 'Activity' (issue #15): the tracked events of spec 1 §7 counted for the creator, this month and all time.
 * Loads beside the leads; a failure here leaves the leads alone.
 */
export function LeadsActivity({ slug, name }: Readonly<{ slug: string; name: string }>) {
  const headingId = useId()
  const counts = useQuery(trackedEventCountsQuery(slug))
  // Counts are written in the interface language, read at render (the language can change).
  const number = new Intl.NumberFormat(activeLanguage())
  let content: React.ReactNode
  if (counts.isPending) content = <Spinner size="2" role="status" aria-label={s.title} />
  else if (counts.isError) content = <Text color="red">{s.loadFailed}</Text>
  else {
    content = (
      <table className="leads-activity" aria-label={s.tableLabel(name)}>
        <thead>
          <tr>
            <th scope="col">{s.event}</th>
            <th scope="col">{s.thisMonth}</th>
            <th scope="col">{s.allTime}</th>
          </tr>
        </thead>
        <tbody>
          {counts.data.counts.map((count) => (
            <tr key={count.type}>
              <th scope="row">{s.types[count.type]}</th>
              <td>{number.format(count.thisMonth)}</td>
              <td>{number.format(count.allTime)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    )
  }
  return (
    <section aria-labelledby={headingId} className="leads-activity-section">
      <Heading as="h2" size="3" id={headingId} mb="2">
        {s.title}
      </Heading>
      {content}
    </section>
  )
}
