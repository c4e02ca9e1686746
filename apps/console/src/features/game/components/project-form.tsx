import { saveProject } from '@wallet/contract';
import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { OPTION_CODES, defaultOdds, formatOdds } from '@wallet/contract/game';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BodyOf, ResultOf } from '../../../api/call-types';
import { contractProblems } from '../../../components/contract-check';
import { setFieldMessages, showFieldErrors } from '../../../components/field-errors';
import { ImageUpload } from '../../../components/image-upload';
import { useMayCall } from '../../../components/use-may-call';
import { useSaveProject } from '../api/game-calls';
import { OddsEditor } from './odds-editor';

type Project = ResultOf<typeof OPERATOR_CALLS.projects>[number];
type ProjectBody = BodyOf<typeof OPERATOR_CALLS.saveProject>;

interface ProjectFields {
  id?: string;
  name: string;
  cover: string | null;
  periodSeconds: number;
  lockSeconds: number;
  unitAmount: string;
  minQuantity: number;
  maxQuantity: number;
  exposureLimit: string;
  enabled: boolean;
  odds: Record<string, string>;
}

const NEW_PROJECT: Partial<ProjectFields> = {
  periodSeconds: 60,
  lockSeconds: 10,
  unitAmount: '1.00',
  minQuantity: 1,
  maxQuantity: 1000,
  enabled: false,
  odds: Object.fromEntries(OPTION_CODES.map((code) => [code, formatOdds(defaultOdds(code))])),
};

function fieldsOf(project: Project): ProjectFields {
  return { ...project, cover: project.cover || null, exposureLimit: project.exposureLimit ?? '' };
}

function bodyOf(fields: ProjectFields, editing: boolean): ProjectBody {
  return {
    ...(fields.id ? { id: fields.id } : {}),
    name: fields.name ?? '',
    ...(fields.cover ? { cover: fields.cover } : editing ? { cover: '' } : {}),
    periodSeconds: fields.periodSeconds,
    lockSeconds: fields.lockSeconds,
    unitAmount: fields.unitAmount ?? '',
    minQuantity: fields.minQuantity,
    maxQuantity: fields.maxQuantity,
    odds: fields.odds ?? {},
    exposureLimit: fields.exposureLimit?.trim() ? fields.exposureLimit.trim() : null,
    enabled: fields.enabled,
  };
}

/** Creates or changes a project; a change of timing waits for local midnight, which the form says. */
export function ProjectForm({ project, onSaved }: { project: Project | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectFields>();
  const save = useSaveProject();
  const mayCall = useMayCall();

  function submit(fields: ProjectFields) {
    const body = bodyOf(fields, project !== null);
    const problems = contractProblems(saveProject.body, body);
    if (Object.keys(problems).length > 0) return setFieldMessages(form, problems);
    save.mutate(body, { onSuccess: onSaved, onError: (error) => showFieldErrors(form, error) });
  }

  return (
    <Form form={form} layout="vertical" initialValues={project ? fieldsOf(project) : NEW_PROJECT} onFinish={submit} disabled={save.isPending}>
      {save.error ? <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="id" label={t('projects.id')} extra={project ? undefined : t('projects.idHint')}>
            <Input disabled={project !== null} />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name="name" label={t('projects.name')}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="enabled" label={t('projects.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {mayCall('/admin/api/upload/image') ? (
        <Form.Item name="cover" label={t('projects.cover')}>
          <ImageUpload />
        </Form.Item>
      ) : null}
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="periodSeconds" label={t('projects.periodSeconds')} extra={t('projects.periodHint')}>
            <InputNumber min={10} max={86_400} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="lockSeconds" label={t('projects.lockSeconds')}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="unitAmount" label={t('projects.unitAmount')}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="minQuantity" label={t('projects.minQuantity')}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="maxQuantity" label={t('projects.maxQuantity')}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="exposureLimit" label={t('projects.exposureLimit')} extra={t('projects.exposureHint')}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
      </Row>
      {project ? <Alert type="info" showIcon title={t('projects.timingNote')} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="odds" label={t('projects.oddsTitle')}>
        <OddsEditor />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('actions.save')}
      </Button>
    </Form>
  );
}
