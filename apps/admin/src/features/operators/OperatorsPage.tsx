/**
 * 后台账号: the operators, their roles, two-step verification and state; adding an account, changing a
 * role, disabling an account (its logins end at once). Role admin. The server keeps the last active
 * admin and refuses to let an operator disable themselves; this page does not offer either.
 */
import { PlusOutlined } from '@ant-design/icons';
import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import type { Operator } from '@xuanli/contracts/admin';
import {
  ADMIN_ROLE_LABELS,
  ADMIN_ROLES,
  type AdminRole,
  OPERATOR_DISPLAY_NAME_MAX,
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  OPERATOR_USERNAME_PATTERN,
} from '@xuanli/contracts/admin-labels';
import { Badge, Button, Form, Tag } from 'antd';
import { useRef, useState } from 'react';
import { addOperator, changeOperatorRole, disableOperator, listOperators } from '@/api/operators';
import { actionsColumn, ListTable } from '@/components/ListTable';
import { PageFrame } from '@/components/PageFrame';
import { ReasonDialog } from '@/components/ReasonDialog';
import { ReasonField, reasonOf } from '@/components/ReasonField';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useFeedback } from '@/lib/feedback';
import { filledWithin } from '@/lib/form-rules';
import { useOperatorSession } from '@/lib/session';

const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ value: role, label: ADMIN_ROLE_LABELS[role] }));

const ROLE_COLORS: Record<AdminRole, string> = { admin: 'red', editor: 'blue', support: 'green' };

interface NewOperatorValues {
  username: string;
  displayName: string;
  role: AdminRole;
  password: string;
  passwordAgain: string;
}

/** The operator accounts page. */
export function OperatorsPage() {
  const { message, showError } = useFeedback();
  const session = useOperatorSession();
  const table = useRef<ActionType>(undefined);
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState<Operator | null>(null);
  const [changingRole, setChangingRole] = useState<Operator | null>(null);
  const [addForm] = Form.useForm<NewOperatorValues>();
  const reload = () => void table.current?.reload();

  const columns: ProColumns<Operator>[] = [
    { title: '用户名', dataIndex: 'username' },
    { title: '显示名', dataIndex: 'displayName' },
    {
      title: '角色',
      dataIndex: 'role',
      render: (_, operator) => (
        <Tag color={ROLE_COLORS[operator.role]}>{ADMIN_ROLE_LABELS[operator.role]}</Tag>
      ),
    },
    {
      title: '两步验证',
      dataIndex: 'totpEnabled',
      render: (_, operator) =>
        operator.totpEnabled ? (
          <Badge status="success" text="已开启" />
        ) : (
          <Badge status="default" text="未开启" />
        ),
    },
    {
      title: '状态',
      dataIndex: 'disabledAt',
      render: (_, operator) =>
        operator.disabledAt ? (
          <Badge status="error" text={`已停用 ${formatDateTime(operator.disabledAt)}`} />
        ) : (
          <Badge status="processing" text="正常" />
        ),
    },
    {
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      render: (_, operator) => formatDateTime(operator.lastLoginAt),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      render: (_, operator) => formatDateTime(operator.createdAt),
    },
    actionsColumn(undefined, (_, operator) => {
      if (operator.disabledAt || operator.id === session?.operator.id) return [];
      return [
        <Button key="role" type="link" size="small" onClick={() => setChangingRole(operator)}>
          修改角色
        </Button>,
        <Button key="disable" type="link" size="small" danger onClick={() => setDisabling(operator)}>
          停用
        </Button>,
      ];
    }),
  ];

  return (
    <PageFrame page="operators" intro="管理员可以新增账号、修改角色和停用账号">
      <ListTable<Operator>
        rowKey="id"
        actionRef={table}
        columns={columns}
        headerTitle="账号列表"
        search={false}
        pagination={false}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            新增账号
          </Button>,
        ]}
        load={() => listOperators()}
      />

      <ModalForm<NewOperatorValues>
        form={addForm}
        title="新增后台账号"
        open={adding}
        onOpenChange={setAdding}
        width={520}
        modalProps={{ destroyOnHidden: true, maskClosable: false }}
        initialValues={{ role: 'support' }}
        submitter={{ searchConfig: { submitText: '新增', resetText: '取消' } }}
        onFinish={async (values) => {
          try {
            const { operator } = await addOperator({
              username: values.username.trim(),
              displayName: values.displayName.trim(),
              role: values.role,
              password: values.password,
            });
            void message.success(`已新增账号 ${operator.username}`);
            reload();
            return true;
          } catch (error) {
            // The one conflict of an addition: the username is taken.
            if (error instanceof ApiError && error.code === 'Conflict' && !error.fromServer)
              addForm.setFields([{ name: 'username', errors: ['这个用户名已被使用'] }]);
            else showError(error);
            return false;
          }
        }}
      >
        <ProFormText
          name="username"
          label="用户名"
          placeholder="登录用，如 wang.li"
          fieldProps={{ autoComplete: 'off' }}
          rules={[
            { required: true, message: '请输入用户名' },
            {
              pattern: new RegExp(OPERATOR_USERNAME_PATTERN),
              message: '用户名为 3–32 位小写字母、数字或 _ . -',
            },
          ]}
        />
        <ProFormText
          name="displayName"
          label="显示名"
          placeholder="如 王丽（客服）"
          fieldProps={{ maxLength: OPERATOR_DISPLAY_NAME_MAX }}
          rules={filledWithin(OPERATOR_DISPLAY_NAME_MAX, '请输入显示名', '显示名')}
        />
        <ProFormSelect
          name="role"
          label="角色"
          options={ROLE_OPTIONS}
          rules={[{ required: true, message: '请选择角色' }]}
        />
        <ProFormText.Password
          name="password"
          label="初始密码"
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[
            { required: true, message: '请输入初始密码' },
            { min: OPERATOR_PASSWORD_MIN, message: `密码至少 ${OPERATOR_PASSWORD_MIN} 位` },
            { max: OPERATOR_PASSWORD_MAX, message: `密码最多 ${OPERATOR_PASSWORD_MAX} 位` },
          ]}
          extra="请当面或通过安全渠道交给对方，并提醒登录后在「我的账号」修改。"
        />
        <ProFormText.Password
          name="passwordAgain"
          label="再输一次"
          dependencies={['password']}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[
            { required: true, message: '请再输入一次密码' },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一样')),
            }),
          ]}
        />
      </ModalForm>

      {changingRole ? (
        <ModalForm<{ role: AdminRole; reason?: string }>
          title={`修改 ${changingRole.displayName}（${changingRole.username}）的角色`}
          open
          onOpenChange={(open) => {
            if (!open) setChangingRole(null);
          }}
          width={480}
          modalProps={{ destroyOnHidden: true, maskClosable: false }}
          initialValues={{ role: changingRole.role }}
          submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
          onFinish={async (values) => {
            try {
              const { operator } = await changeOperatorRole(changingRole.id, {
                role: values.role,
                reason: reasonOf(values.reason),
              });
              void message.success(`${operator.username} 现在是${ADMIN_ROLE_LABELS[operator.role]}`);
              reload();
              return true;
            } catch (error) {
              showError(error, { Conflict: '这是最后一个在用的管理员，必须保留管理员角色' });
              return false;
            }
          }}
        >
          <ProFormSelect
            name="role"
            label="角色"
            options={ROLE_OPTIONS}
            rules={[{ required: true, message: '请选择角色' }]}
          />
          <ReasonField required={false} placeholder="选填" />
        </ModalForm>
      ) : null}

      {disabling ? (
        <ReasonDialog
          title="停用账号"
          description={`停用后 ${disabling.displayName}（${disabling.username}）不能再登录，正在进行的登录立即失效。`}
          submitText="确认停用"
          failureWords={{
            Conflict: '不能停用：账号已停用，或它是最后一个在用的管理员',
            BadRequest: '不能停用自己的账号',
          }}
          reasonRequired={false}
          open
          onOpenChange={(open) => {
            if (!open) setDisabling(null);
          }}
          onConfirm={async (reason) => {
            const { operator } = await disableOperator(disabling.id, { reason });
            void message.success(`已停用 ${operator.username}`);
            reload();
          }}
        />
      ) : null}
    </PageFrame>
  );
}
