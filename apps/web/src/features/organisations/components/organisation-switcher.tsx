import { OrganisationNameRequest } from '@hullscope/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BusinessIcon from '@mui/icons-material/Business';
import CheckIcon from '@mui/icons-material/Check';
import GroupIcon from '@mui/icons-material/Group';
import InsightsIcon from '@mui/icons-material/Insights';
import KeyIcon from '@mui/icons-material/Key';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import WebhookIcon from '@mui/icons-material/Webhook';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { TextPromptDialog } from '@/components/form/text-prompt-dialog';
import { paths } from '@/config/paths';
import { useCurrentOrganisation, useRoleAllows } from '@/hooks/use-role';
import { readCurrentOrganisation, writeCurrentOrganisation } from '@/lib/current-organisation';
import { useNotify } from '@/lib/notify';
import { useCreateOrganisation } from '../api/create-organisation';
import { useOrganisations } from '../api/get-organisations';
import { useSwitchOrganisation } from '../api/switch-organisation';
import { roleLabels } from './role-label';

/**
 * The app bar's organisation: its name, and a menu to switch to another one, open its members, the
 * models' agreement with its reviewers or its audit log, or create one. Switching starts at the projects list: the page open belonged to the
 * organisation left.
 */
export function OrganisationSwitcher() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const current = useCurrentOrganisation();
  const organisations = useOrganisations();
  const mayAudit = useRoleAllows('admin');
  const switching = useSwitchOrganisation();
  const creation = useCreateOrganisation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();

  // The tab's organisation may be gone (the user was removed or it was deleted): then act in the
  // server's choice again rather than have every request refused.
  const list = organisations.data;
  useEffect(() => {
    const chosen = readCurrentOrganisation();
    if (!list || list.length === 0 || chosen === null) return;
    if (!list.some((organisation) => String(organisation.id) === chosen)) {
      writeCurrentOrganisation(null);
      void queryClient.resetQueries();
    }
  }, [list, queryClient]);

  const switchTo = (organisationId: number) => {
    setAnchor(null);
    switching.mutate(organisationId, {
      onSuccess: (organisation) => {
        notify.success(`Now working in ${organisation.name}`);
        void navigate(paths.home);
      },
      onError: (error) => notify.failure('Switching the organisation failed', error),
    });
  };
  const go = (to: string) => {
    setAnchor(null);
    void navigate(to);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<BusinessIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-label={`Organisation: ${current.data?.name ?? ''}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', maxWidth: 240, mr: 1 }}
        data-testid="organisation-switcher"
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current.data?.name ?? 'Organisation'}
        </span>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(list ?? []).map((organisation) => (
          <MenuItem
            key={organisation.id}
            selected={organisation.id === current.data?.id}
            onClick={() =>
              organisation.id === current.data?.id ? setAnchor(null) : switchTo(organisation.id)
            }
          >
            <ListItemIcon>
              {organisation.id === current.data?.id && <CheckIcon fontSize="small" />}
            </ListItemIcon>
            <ListItemText
              primary={organisation.name}
              secondary={`${roleLabels[organisation.role]} · ${organisation.members} ${organisation.members === 1 ? 'member' : 'members'}`}
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => go(paths.app.organisation)}>
          <ListItemIcon>
            <GroupIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Members" />
        </MenuItem>
        <MenuItem onClick={() => go(paths.app.agreement)}>
          <ListItemIcon>
            <InsightsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Agreement with reviewers" />
        </MenuItem>
        {mayAudit && (
          <MenuItem onClick={() => go(paths.app.audit)}>
            <ListItemIcon>
              <ManageSearchIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Audit log" />
          </MenuItem>
        )}
        {mayAudit && (
          <MenuItem onClick={() => go(paths.app.webhooks)}>
            <ListItemIcon>
              <WebhookIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Webhooks" />
          </MenuItem>
        )}
        {mayAudit && (
          <MenuItem onClick={() => go(paths.app.apiKeys)}>
            <ListItemIcon>
              <KeyIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="API keys" />
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setCreating(true);
          }}
        >
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="New organisation" />
        </MenuItem>
      </Menu>
      <TextPromptDialog
        open={creating}
        title="New organisation"
        text="You will be its owner; its vessels, projects and credits are its own."
        label="Name"
        submitLabel="Create"
        rule={OrganisationNameRequest.shape.name}
        busy={creation.isPending || switching.isPending}
        onClose={() => setCreating(false)}
        onSubmit={(name) =>
          creation.mutate(name, {
            onSuccess: (organisation) => {
              setCreating(false);
              switchTo(organisation.id);
            },
            onError: (error) => notify.failure('Creating the organisation failed', error),
          })
        }
      />
    </>
  );
}
