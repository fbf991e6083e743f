import { routes, type Project } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getProjects = () => api.request(routes.listProjects, {});

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.projects,
    queryFn: () => readOrDefault<Project[]>('the projects', [], getProjects),
  });

export const useProjects = () => useQuery(projectsQueryOptions());
