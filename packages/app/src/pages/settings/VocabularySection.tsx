import { Trans, useLingui } from '@lingui/react/macro';
import { formatVocabulary, paths, vocabularyLimits } from '@scribe/api-client';
import { Button, Card, Form, Heading, Stack, Text, TextArea, toast } from '@scribe/ui';
import { useEffect, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { api } from '../../api.ts';
import { translateError } from '../../i18n/errors.ts';
import { ApiError } from '@scribe/api-client';
import { checkVocabulary } from '../../lib/vocabulary.ts';

/**
 * The custom vocabulary: names and terms the transcription should expect. The upload dialog offers it
 * for each upload, where it can be changed for that upload.
 */
export function VocabularySection() {
  const { t, i18n } = useLingui();
  const preferences = useSWR(paths.preferences, () => api.preferences.get());
  const [text, setText] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const saved = formatVocabulary(preferences.data?.vocabulary ?? []);
  // The field starts from the saved list once it has loaded.
  useEffect(() => {
    if (preferences.data && text === null) setText(saved);
  }, [preferences.data, saved, text]);
  const value = text ?? saved;
  const { terms, error } = checkVocabulary(i18n, value);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (error || !preferences.data) return;
    setPending(true);
    setServerError(undefined);
    try {
      const next = await api.preferences.save({ language: preferences.data.language, vocabulary: terms });
      await preferences.mutate(next, { revalidate: false });
      setText(formatVocabulary(next.vocabulary ?? []));
      toast({ title: t`Vocabulary saved`, variant: 'success' });
    } catch (err) {
      setServerError(translateError(i18n, err instanceof ApiError ? err : 'SAVE_PREFERENCES_FAILED'));
    } finally {
      setPending(false);
    }
  };

  const shown = error ?? serverError;
  return (
    <Card>
      <Form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Heading level={2}>
            <Trans>Custom vocabulary</Trans>
          </Heading>
          <Text tone="muted">
            <Trans>
              Names and terms that appear in your recordings, one per line or separated by commas. The transcription is told to expect them,
              so it spells them right. The upload dialog offers this list for each upload, and recordings made in the Record dialog use it.
            </Trans>
          </Text>
          <TextArea
            label={t`Names and terms`}
            value={value}
            onChange={(next) => {
              setText(next);
              setServerError(undefined);
            }}
            isDisabled={!preferences.data}
            isInvalid={!!shown}
            errorMessage={shown}
            description={t`${terms.length} of ${vocabularyLimits.maxTerms} entries`}
            rows={5}
          />
          <div>
            <Button type="submit" variant="primary" isPending={pending} isDisabled={!preferences.data || !!error || value === saved}>
              <Trans>Save vocabulary</Trans>
            </Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}
