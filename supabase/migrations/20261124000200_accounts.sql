-- Accounts: one spelling per phone number (E.164, +55 DDD number), so phone sign-in
-- finds one account and tel:/WhatsApp links dial from anywhere. Safe to run again.

-- The rule of app/lib/phone.ts (normalizeBrazilianPhone), in SQL for rows written
-- outside the app: null when the text is not a Brazilian number with its area code.
CREATE OR REPLACE FUNCTION public.normalize_br_phone(input text) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = '' AS $$
DECLARE
  trimmed text := btrim(coalesce(input, ''));
  digits text := regexp_replace(trimmed, '\D', '', 'g');
BEGIN
  IF trimmed !~ '^[+0-9\s().-]+$' THEN
    RETURN NULL;
  END IF;
  IF left(trimmed, 1) = '+' THEN
    IF left(digits, 2) <> '55' THEN
      RETURN NULL;
    END IF;
    digits := substr(digits, 3);
  ELSIF length(digits) >= 12 AND left(digits, 2) = '55' THEN
    digits := substr(digits, 3);
  ELSIF length(digits) >= 11 AND left(digits, 1) = '0' THEN
    digits := substr(digits, 2);
  END IF;
  IF digits !~ '^[1-9]{2}(9[0-9]{8}|[2-5][0-9]{7})$' THEN
    RETURN NULL;
  END IF;
  RETURN '+55' || digits;
END $$;

-- Pure, but not part of the API for visitors; the trigger below calls it as the resident.
REVOKE ALL ON FUNCTION public.normalize_br_phone(text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.normalize_br_phone(text) TO authenticated, service_role;

-- A resident's phone is stored normalised whoever writes it (the app, the Supabase API);
-- a text that is no Brazilian number is refused rather than stored in a second spelling.
CREATE OR REPLACE FUNCTION public.normalize_profile_phone() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF NEW.phone IS NOT NULL THEN
    NEW.phone := public.normalize_br_phone(NEW.phone);
    IF NEW.phone IS NULL THEN
      RAISE EXCEPTION 'not a Brazilian phone number' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $$;

-- Existing phones first: normalised where they can be; a number two accounts share
-- signs neither of them in (both still have their e-mail), so it is cleared on both.
UPDATE public.profile_private
SET phone = public.normalize_br_phone(phone)
WHERE phone IS NOT NULL AND public.normalize_br_phone(phone) IS NOT NULL
  AND phone IS DISTINCT FROM public.normalize_br_phone(phone);
UPDATE public.profile_private
SET phone = NULL
WHERE phone IS NOT NULL AND (
  public.normalize_br_phone(phone) IS NULL
  OR phone IN (SELECT phone FROM public.profile_private WHERE phone IS NOT NULL GROUP BY phone HAVING count(*) > 1)
);

-- Only ever run as a trigger.
REVOKE ALL ON FUNCTION public.normalize_profile_phone() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS profile_private_normalize_phone ON public.profile_private;
CREATE TRIGGER profile_private_normalize_phone BEFORE INSERT OR UPDATE OF phone ON public.profile_private
  FOR EACH ROW EXECUTE FUNCTION public.normalize_profile_phone();

CREATE UNIQUE INDEX IF NOT EXISTS profile_private_phone_key ON public.profile_private (phone);

-- Listings' numbers (dialled and opened in WhatsApp by visitors): normalised where they
-- can be, left as written where they cannot.
UPDATE public.businesses SET phone = public.normalize_br_phone(phone)
WHERE public.normalize_br_phone(phone) IS DISTINCT FROM phone AND public.normalize_br_phone(phone) IS NOT NULL;
UPDATE public.services SET phone = public.normalize_br_phone(phone)
WHERE public.normalize_br_phone(phone) IS DISTINCT FROM phone AND public.normalize_br_phone(phone) IS NOT NULL;
UPDATE public.drivers SET phone = public.normalize_br_phone(phone)
WHERE public.normalize_br_phone(phone) IS DISTINCT FROM phone AND public.normalize_br_phone(phone) IS NOT NULL;
-- WhatsApp numbers are digits (wa.me wants no "+"): the full international number.
UPDATE public.businesses SET whatsapp = substr(public.normalize_br_phone(whatsapp), 2)
WHERE substr(public.normalize_br_phone(whatsapp), 2) IS DISTINCT FROM whatsapp AND public.normalize_br_phone(whatsapp) IS NOT NULL;
UPDATE public.services SET whatsapp = substr(public.normalize_br_phone(whatsapp), 2)
WHERE substr(public.normalize_br_phone(whatsapp), 2) IS DISTINCT FROM whatsapp AND public.normalize_br_phone(whatsapp) IS NOT NULL;
UPDATE public.drivers SET whatsapp = substr(public.normalize_br_phone(whatsapp), 2)
WHERE substr(public.normalize_br_phone(whatsapp), 2) IS DISTINCT FROM whatsapp AND public.normalize_br_phone(whatsapp) IS NOT NULL;
