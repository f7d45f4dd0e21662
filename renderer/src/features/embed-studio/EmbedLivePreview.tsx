import { Flex, Heading, Select, Text } from '@radix-ui/themes'
import { useState } from 'react'
import type { EmbedConfig } from '../../../../contract/embed'
import { previewUrlOf } from './embed-snippet'
import { embedsStrings as s } from './embeds.strings'

/**
 * The live preview (issue #16): the chosen configuration's embed framed on this page, as a visitor of the
 * creator's site sees it (the embed page lets the product itself frame it). It reloads whenever the
 * configuration changes, so an edit shows at once.
 */
export function EmbedLivePreview({
  configs,
  productOrigin,
}: Readonly<{ configs: readonly EmbedConfig[]; productOrigin: string }>) {
  const [chosenId, setChosenId] = useState(configs[0]?.id ?? '')
  const config = configs.find((c) => c.id === chosenId) ?? configs[0]
  if (!config) return null
  return (
    <section className="embed-preview" aria-labelledby="embed-preview-title">
      <Flex justify="between" align="end" gap="3" wrap="wrap" mb="3">
        <Flex direction="column" gap="1">
          <Heading as="h2" size="4" id="embed-preview-title">
            {s.livePreview}
          </Heading>
          <Text size="2" color="gray">
            {s.livePreviewHint}
          </Text>
        </Flex>
        {configs.length > 1 ? (
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" id="embed-preview-choice">
              {s.previewConfiguration}
            </Text>
            <Select.Root value={config.id} onValueChange={setChosenId}>
              <Select.Trigger aria-labelledby="embed-preview-choice" />
              <Select.Content>
                {configs.map((c) => (
                  <Select.Item key={c.id} value={c.id}>
                    {c.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        ) : null}
      </Flex>
      <div className={`embed-preview__stage embed-preview__stage--${config.layout}`}>
        <iframe
          // A new frame for every change of the configuration: what it shows follows the saved settings.
          key={`${config.id}:${config.updatedAt}`}
          className="embed-preview__frame"
          src={previewUrlOf(productOrigin, config)}
          title={s.previewFrameTitle(config.name)}
          loading="lazy"
          allow="microphone; camera; autoplay"
        />
      </div>
    </section>
  )
}
