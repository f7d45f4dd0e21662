// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Avatar } from '../../../../renderer/src/ui/avatar'

afterEach(cleanup)

describe('<Avatar>', () => {
  it('shows the picture in its first render and commits once (no second render from a layout effect)', () => {
    const commits: string[] = []
    const { container } = render(
      <Profiler id="avatar" onRender={(_, phase) => commits.push(phase)}>
        <Avatar src="/media/clones/lena-hart.svg" alt="Dr. Lena Hart" fallback="LH" size="2" radius="full" />
      </Profiler>,
    )
    const img = container.querySelector('img.rt-AvatarImage') as HTMLImageElement
    expect(img.getAttribute('src')).toBe('/media/clones/lena-hart.svg')
    expect(img.alt).toBe('Dr. Lena Hart')
    expect(container.querySelector('.rt-AvatarFallback')).toBeNull()
    expect(commits).toEqual(['mount'])
  })

  it('has the classes of Radix Themes’ Avatar, responsive sizes included', () => {
    const { container } = render(
      <Avatar src="/a.png" fallback="A" size={{ initial: '8', sm: '9' }} radius="full" className="x" />,
    )
    const root = container.firstElementChild as HTMLElement
    expect(root.className).toBe('rt-reset rt-AvatarRoot rt-r-size-8 sm:rt-r-size-9 rt-variant-soft x')
    expect(root.dataset.radius).toBe('full')
  })

  it('shows the initials when there is no picture or it fails to load, and tries a new picture again', () => {
    const { container, rerender } = render(<Avatar src={null} fallback="LH" />)
    expect(container.querySelector('.rt-AvatarFallback.rt-two-letters')?.textContent).toBe('LH')
    expect(container.querySelector('img')).toBeNull()

    rerender(<Avatar src="/broken.png" fallback="LH" />)
    fireEvent.error(container.querySelector('img') as HTMLImageElement)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('.rt-AvatarFallback')?.textContent).toBe('LH')

    rerender(<Avatar src="/other.png" fallback="LH" />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/other.png')
  })
})
