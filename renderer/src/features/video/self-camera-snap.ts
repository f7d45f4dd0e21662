/*
 * spec 2 §2: the draggable self camera snaps to the nearest corner; margin 40 px on wide screens, 20 by 14
 * (horizontal by vertical) on narrow ones (breakpoint 640 px); its viewport is 320x192 wide or 96x156 narrow.
 */

export const NARROW_BREAKPOINT_PX = 640

export interface Size {
  width: number
  height: number
}
export interface Point {
  x: number
  y: number
}
export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'

export const isNarrow = (viewportWidth: number) => viewportWidth < NARROW_BREAKPOINT_PX

export function cameraSize(viewportWidth: number): Size {
  return isNarrow(viewportWidth) ? { width: 96, height: 156 } : { width: 320, height: 192 }
}

export function cameraMargin(viewportWidth: number): Point {
  return isNarrow(viewportWidth) ? { x: 20, y: 14 } : { x: 40, y: 40 }
}

/** The top-left position of the camera in a corner of the container. */
export function cornerPosition(corner: Corner, container: Size): Point {
  const size = cameraSize(container.width)
  const margin = cameraMargin(container.width)
  const left = corner.endsWith('left')
  const top = corner.startsWith('top')
  return {
    x: left ? margin.x : container.width - size.width - margin.x,
    y: top ? margin.y : container.height - size.height - margin.y,
  }
}

/** Where a camera dropped at `position` (its top-left) settles: the corner nearest its centre. */
export function snapToCorner(position: Point, container: Size): { corner: Corner; position: Point } {
  const size = cameraSize(container.width)
  const centre = { x: position.x + size.width / 2, y: position.y + size.height / 2 }
  const vertical = centre.y < container.height / 2 ? 'top' : 'bottom'
  const horizontal = centre.x < container.width / 2 ? 'left' : 'right'
  const corner = `${vertical}-${horizontal}` as Corner
  return { corner, position: cornerPosition(corner, container) }
}
