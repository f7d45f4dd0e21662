import './studio-questions.css'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { studioQuestionsQuery } from '../../api/studio'
import { QueryState, StudioPage, useStudioClone, ViewProfileButton } from '../studio'
import { QuestionsEditor } from './QuestionsEditor'
import { studioQuestionsStrings as s } from './studio-questions.strings'

/** /studio/$slug/build/questions (the router's lazy route component). */
export function StudioQuestionsRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <StudioQuestionsScreen slug={slug} />
}

/**
 * spec 1 §2: the studio page for editing suggested questions, for the clone's CREATOR or a CONTRIBUTOR.
 * Signed-out visitors are asked to log in; anyone else sees the same 'not here' panel as the leads page.
 */
export function StudioQuestionsScreen({ slug }: Readonly<{ slug: string }>) {
  const { allowed, name } = useStudioClone(slug)
  const questions = useQuery({ ...studioQuestionsQuery(slug), enabled: allowed })
  return (
    <StudioPage
      slug={slug}
      current="questions"
      className="studio-questions-page"
      documentTitle={s.pageTitle(name)}
      allowed={allowed}
      notFoundFrom={[questions]}
      texts={s}
      title={s.title}
      subtitle={s.subtitle(name)}
      actions={<ViewProfileButton slug={slug} label={s.viewProfile} />}
      gap="4"
    >
      <QueryState queries={[questions]} texts={s}>
        {(data) => <QuestionsEditor slug={slug} saved={data.questions} />}
      </QueryState>
    </StudioPage>
  )
}
