import { zodResolver } from '@hookform/resolvers/zod';
import { emptyCreditCheck, type CreditCheckResponse, type ImageDetails } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import {
  ZoneFilter,
  type ZoneFilterValue,
  type ZonedImage,
  filterByZone,
} from '@/components/form/zone-filter';
import { useNotify } from '@/lib/notify';
import { useModels } from '../api/get-models';
import { useResolutions } from '../api/get-resolutions';
import { useRequestPredict } from '../api/request-predict';
import { useValidatePredictRequest } from '../api/validate-predict-request';
import { CostBreakdown } from './cost-breakdown';
import { type ChecklistImage, ImageChecklist } from './image-checklist';

/** The dialog's form (spec §3): model and resolution as required strings. */
const ScheduleForm = z.object({
  model: z.string().min(1, 'Required'),
  resolution: z.string().min(1, 'Required'),
});
type ScheduleForm = z.infer<typeof ScheduleForm>;
const emptyForm: ScheduleForm = { model: '', resolution: '' };

interface ScheduleDialogProps {
  open: boolean;
  projectId: number;
  thumbnails: readonly (ChecklistImage & ZonedImage)[];
  /** The images' predictions, for 'Select images without this prediction' (issue 22). */
  imageDetails?: ImageDetails[];
  onClose: () => void;
}

function creditsLabel(price: number): string {
  return `${price} ${price === 1 ? 'credit' : 'credits'} per image`;
}

/**
 * 'Schedule a Prediction Run' (spec §4): Validate needs a model, a resolution and an image; Run
 * needs a valid validation, and any change of those three resets it.
 */
/** The images that have no prediction of this model at this resolution yet. */
export function imagesWithout(
  thumbnails: readonly { id: number }[],
  imageDetails: ImageDetails[],
  modelId: number,
  resolutionId: number,
): Set<number> {
  const done = new Set(
    imageDetails
      .filter((image) =>
        image.predictions.some(
          (prediction) => prediction.model_id === modelId && prediction.resolution_id === resolutionId,
        ),
      )
      .map((image) => image.id),
  );
  return new Set(thumbnails.map((thumbnail) => thumbnail.id).filter((id) => !done.has(id)));
}

export function ScheduleDialog({
  open,
  projectId,
  thumbnails,
  imageDetails = [],
  onClose,
}: ScheduleDialogProps) {
  const titleId = useId();
  const models = (useModels().data ?? []).filter((model) => model.active);
  const resolutions = (useResolutions().data ?? []).filter((resolution) => resolution.active);
  const { control, watch, reset, handleSubmit } = useForm<ScheduleForm>({
    defaultValues: emptyForm,
    resolver: zodResolver(ScheduleForm),
    mode: 'onTouched',
  });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [zone, setZone] = useState<ZoneFilterValue>('all');
  const listed = filterByZone(thumbnails, zone);
  const [listOpen, setListOpen] = useState(true);
  const [validation, setValidation] = useState<CreditCheckResponse>(emptyCreditCheck);
  const [validated, setValidated] = useState(false);
  const validate = useValidatePredictRequest();
  const schedule = useRequestPredict();
  const notify = useNotify();

  const model = watch('model');
  const resolution = watch('resolution');
  const complete = model !== '' && resolution !== '' && selected.size > 0;

  const resetValidation = () => {
    setValidation(emptyCreditCheck);
    setValidated(false);
  };

  const close = () => {
    reset(emptyForm);
    setSelected(new Set());
    setZone('all');
    setListOpen(true);
    resetValidation();
    onClose();
  };

  const payload = (values: ScheduleForm) => ({
    projectId,
    model: Number(values.model),
    resolution: Number(values.resolution),
    images: [...selected],
  });

  const onValidate = handleSubmit((values) =>
    validate.mutate(payload(values), {
      onSuccess: (result) => {
        setValidation(result);
        setValidated(true);
      },
      onError: (error) => {
        resetValidation();
        notify.failure('Data validation failed', error);
      },
    }),
  );

  const onRun = handleSubmit((values) =>
    schedule.mutate(payload(values), {
      onSuccess: (result) => {
        notify.success(result.message || `Prediction ${result.request_id} scheduled`);
        close();
      },
      onError: (error) => notify.failure('Scheduling of prediction failed', error),
    }),
  );

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Schedule a Prediction Run</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={control}
            name="model"
            label="Model"
            select
            required
            onValueChange={resetValidation}
          >
            {models.length === 0 ? (
              <MenuItem value="" disabled>
                No models available
              </MenuItem>
            ) : (
              models.map((option) => (
                <MenuItem key={option.id} value={String(option.id)}>
                  {option.name} {option.version}
                </MenuItem>
              ))
            )}
          </FormTextField>
          <FormTextField
            control={control}
            name="resolution"
            label="Resolution"
            select
            required
            onValueChange={resetValidation}
          >
            {resolutions.length === 0 ? (
              <MenuItem value="" disabled>
                No resolutions available
              </MenuItem>
            ) : (
              resolutions.map((option) => (
                <MenuItem key={option.id} value={String(option.id)}>
                  {option.display_name}: {creditsLabel(option.price)}
                </MenuItem>
              ))
            )}
          </FormTextField>
        </Box>
        <Box sx={{ mt: 2 }}>
          <ZoneFilter
            thumbnails={thumbnails}
            value={zone}
            onChange={(next) => {
              // Only the zone's images stay ticked: the run is for what the list shows.
              const shown = new Set(filterByZone(thumbnails, next).map((thumbnail) => thumbnail.id));
              setZone(next);
              setSelected((current) => new Set([...current].filter((id) => shown.has(id))));
              resetValidation();
            }}
          />
        </Box>
        <ImageChecklist
          thumbnails={listed}
          selected={selected}
          open={listOpen}
          onToggleOpen={() => setListOpen((value) => !value)}
          onChange={(next) => {
            setSelected(next);
            resetValidation();
          }}
          actions={
            <Button
              disabled={model === '' || resolution === ''}
              onClick={() => {
                setSelected(imagesWithout(listed, imageDetails, Number(model), Number(resolution)));
                resetValidation();
              }}
            >
              Select images without this prediction
            </Button>
          }
        />
        {validated && (
          <Alert severity={validation.data.valid ? 'success' : 'warning'} sx={{ mt: 2 }}>
            {validation.message}
          </Alert>
        )}
        {validated && validation.data.charges && (
          <CostBreakdown
            charges={validation.data.charges}
            chosen={Number(resolution)}
            resolutions={resolutions}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="outlined"
          disabled={!complete}
          loading={validate.isPending}
          onClick={() => void onValidate()}
        >
          Validate Data
        </Button>
        <Button
          variant="contained"
          disabled={!validation.data.valid}
          loading={schedule.isPending}
          onClick={() => void onRun()}
        >
          Run Prediction
        </Button>
      </DialogActions>
    </Dialog>
  );
}
