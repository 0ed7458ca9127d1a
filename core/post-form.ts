import { z } from "zod";
import { MAX_POLL_OPTION_LENGTH, MAX_POLL_OPTIONS, MAX_POLL_QUESTION_LENGTH, MIN_POLL_OPTIONS } from "./polls";
import "./zod-messages";

/**
 * The post form (create and edit), checked the same way in the browser and on the server.
 * The form always renders six option inputs named `pollOptions` (they work without
 * JavaScript); empty ones are ignored. A poll is optional, but once any poll field is
 * filled the question and 2 to 6 distinct options are required.
 */
export const MAX_POST_LENGTH = 5000;

// Bounded so a hand-made request cannot send thousands of entries (the form has six).
const MAX_OPTION_INPUTS = 24;

export type PollInput = { question: string; options: string[] };
export type PostInput = { content: string; poll: PollInput | null };

/** The non-empty options, trimmed, in the order typed. */
export function filledOptions(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((o) => (typeof o === "string" ? o.trim() : "")).filter((o) => o.length > 0);
}

export const PostSchema = z
  .object({
    content: z
      .string({ error: "Escreva o texto do post." })
      .trim()
      .min(1, "Escreva o texto do post.")
      .max(MAX_POST_LENGTH, "O post pode ter no máximo 5.000 caracteres."),
    pollQuestion: z
      .string()
      .trim()
      .max(MAX_POLL_QUESTION_LENGTH, `A pergunta pode ter no máximo ${MAX_POLL_QUESTION_LENGTH} caracteres.`)
      .optional(),
    pollOptions: z
      .array(z.string().optional())
      .max(MAX_OPTION_INPUTS, `Uma enquete pode ter no máximo ${MAX_POLL_OPTIONS} opções.`)
      .optional(),
  })
  .superRefine(
    (value, ctx) => {
      // Runs even when the text is missing, so one answer lists every problem at once; the
      // value may then be partial, hence the defensive reads.
      const question = typeof value.pollQuestion === "string" ? value.pollQuestion.trim() : "";
      const options = filledOptions(value.pollOptions);
      if (!question && options.length === 0) return;
      if (!question) {
        ctx.addIssue({ code: "custom", path: ["pollQuestion"], message: "Escreva a pergunta da enquete." });
      }
      if (options.length < MIN_POLL_OPTIONS) {
        ctx.addIssue({ code: "custom", path: ["pollOptions"], message: `Uma enquete precisa de pelo menos ${MIN_POLL_OPTIONS} opções.` });
      } else if (options.length > MAX_POLL_OPTIONS && !(Array.isArray(value.pollOptions) && value.pollOptions.length > MAX_OPTION_INPUTS)) {
        ctx.addIssue({ code: "custom", path: ["pollOptions"], message: `Uma enquete pode ter no máximo ${MAX_POLL_OPTIONS} opções.` });
      }
      if (options.some((o) => o.length > MAX_POLL_OPTION_LENGTH)) {
        ctx.addIssue({ code: "custom", path: ["pollOptions"], message: `Cada opção pode ter no máximo ${MAX_POLL_OPTION_LENGTH} caracteres.` });
      }
      const distinct = new Set(options.map((o) => o.toLocaleLowerCase("pt-BR")));
      if (distinct.size !== options.length) {
        ctx.addIssue({ code: "custom", path: ["pollOptions"], message: "As opções da enquete precisam ser diferentes umas das outras." });
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );

/** The validated form as the models take it. */
export function toPostInput(value: z.output<typeof PostSchema>): PostInput {
  const question = value.pollQuestion?.trim() ?? "";
  const options = filledOptions(value.pollOptions);
  return { content: value.content, poll: question && options.length > 0 ? { question, options } : null };
}

/** Whether an edit leaves the poll exactly as it is (the only edit allowed once people voted). */
export function samePoll(a: PollInput | null, b: PollInput | null): boolean {
  if (!a || !b) return a === b;
  return a.question === b.question && a.options.length === b.options.length && a.options.every((o, i) => o === b.options[i]);
}
