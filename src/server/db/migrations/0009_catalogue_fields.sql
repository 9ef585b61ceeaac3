-- Issue 27: a category's fields keyed for good (docs/decisions/catalogue-field-metadata.md). Each old
-- field {fieldName, type, required, options [{key, label}]} becomes {key, type, required, labels {en, fr, de},
-- options [{key, labels}], position}: its key a slug of fieldName (boxAndPapers -> box_and_papers, as
-- src/shared/catalogue/fields.ts slugKey), its name copied to the three labels; option keys slugged the
-- same way; every product's values re-keyed to match (values of no field keep their slugged key). Only rows
-- still in the old shape are touched, so running it twice changes nothing.
CREATE OR REPLACE FUNCTION pg_temp.catalogue_slug(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN s ~ '^[a-z]' THEN s ELSE rtrim('f_' || s, '_') END
  FROM (SELECT left(trim(both '_' from regexp_replace(lower(regexp_replace(name, '([a-z0-9])([A-Z])', '\1_\2', 'g')), '[^a-z0-9]+', '_', 'g')), 60) AS s) slugged
$$;
--> statement-breakpoint
CREATE TEMP TABLE catalogue_field_keys ON COMMIT DROP AS
SELECT category_id, ord, name, field,
  CASE WHEN count(*) OVER (PARTITION BY category_id, slug) > 1 THEN slug || '_' || ord ELSE slug END AS key
FROM (
  SELECT c.id AS category_id, f.ord, f.value->>'fieldName' AS name, f.value AS field, pg_temp.catalogue_slug(f.value->>'fieldName') AS slug
  FROM product_categories c, jsonb_array_elements(c.fields) WITH ORDINALITY AS f(value, ord)
  WHERE f.value ? 'fieldName'
) old_fields;
--> statement-breakpoint
CREATE TEMP TABLE catalogue_option_keys ON COMMIT DROP AS
SELECT category_id, field_key, ord, old_key, label,
  CASE WHEN count(*) OVER (PARTITION BY category_id, field_key, slug) > 1 THEN slug || '_' || ord ELSE slug END AS key
FROM (
  SELECT k.category_id, k.key AS field_key, o.ord, o.value->>'key' AS old_key, coalesce(o.value->>'label', o.value->>'key') AS label,
    pg_temp.catalogue_slug(o.value->>'key') AS slug
  FROM catalogue_field_keys k, jsonb_array_elements(CASE WHEN jsonb_typeof(k.field->'options') = 'array' THEN k.field->'options' ELSE '[]'::jsonb END) WITH ORDINALITY AS o(value, ord)
) old_options;
--> statement-breakpoint
UPDATE products p SET version = p.version + 1, date_last_update = now(), values = coalesce((
  SELECT jsonb_object_agg(
    coalesce(k.key, pg_temp.catalogue_slug(v.key)),
    CASE WHEN o.key IS NOT NULL THEN to_jsonb(o.key) ELSE v.value END)
  FROM jsonb_each(p.values) v
  LEFT JOIN catalogue_field_keys k ON k.category_id = p.category_id AND k.name = v.key
  LEFT JOIN catalogue_option_keys o ON o.category_id = p.category_id AND o.field_key = k.key AND o.old_key = v.value #>> '{}' AND jsonb_typeof(v.value) = 'string'
), '{}'::jsonb)
WHERE p.category_id IN (SELECT category_id FROM catalogue_field_keys) AND p.values <> '{}'::jsonb;
--> statement-breakpoint
UPDATE product_categories c SET version = c.version + 1, date_last_update = now(), fields = (
  SELECT jsonb_agg(
    jsonb_build_object(
      'key', k.key,
      'type', k.field->>'type',
      'labels', jsonb_build_object('en', k.name, 'fr', k.name, 'de', k.name),
      'position', k.ord - 1)
    || CASE WHEN jsonb_typeof(k.field->'required') = 'boolean' THEN jsonb_build_object('required', k.field->'required') ELSE '{}'::jsonb END
    || CASE WHEN EXISTS (SELECT 1 FROM catalogue_option_keys o WHERE o.category_id = c.id AND o.field_key = k.key)
       THEN jsonb_build_object('options', (
         SELECT jsonb_agg(jsonb_build_object('key', o.key, 'labels', jsonb_build_object('en', o.label, 'fr', o.label, 'de', o.label)) ORDER BY o.ord)
         FROM catalogue_option_keys o WHERE o.category_id = c.id AND o.field_key = k.key))
       ELSE '{}'::jsonb END
    ORDER BY k.ord)
  FROM catalogue_field_keys k WHERE k.category_id = c.id)
WHERE c.id IN (SELECT category_id FROM catalogue_field_keys);
