{{- define "sluice.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "sluice.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name (include "sluice.name" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "sluice.selectorLabels" -}}
app.kubernetes.io/name: {{ include "sluice.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "sluice.labels" -}}
{{ include "sluice.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Several instances share what one process would keep to itself: refuse them without Redis and Postgres. */}}
{{- define "sluice.checkReplicas" -}}
{{- if gt (int .Values.replicaCount) 1 -}}
{{- if not (and .Values.secrets.keys.REDIS_URL .Values.secrets.keys.DATABASE_URL) -}}
{{- fail "replicaCount > 1 needs Redis and Postgres: set secrets.keys.REDIS_URL and secrets.keys.DATABASE_URL (keys in the Secret secrets.name)" -}}
{{- end -}}
{{- if .Values.persistence.enabled -}}
{{- fail "persistence.enabled keeps the embedded database on one volume: it serves one replica; use DATABASE_URL for several" -}}
{{- end -}}
{{- end -}}
{{- end -}}
