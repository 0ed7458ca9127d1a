import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { applyVote, formatVotes, percentages } from "#core/polls";
import { PostSchema, samePoll, toPostInput } from "#core/post-form";

describe("percentages", () => {
  it.each([
    [[0, 0, 0], [0, 0, 0]],
    [[1, 0], [100, 0]],
    [[1, 1, 1], [34, 33, 33]],
    [[1, 2], [33, 67]],
    [[2, 2, 2, 1], [29, 29, 28, 14]],
    [[5, 3, 1, 1], [50, 30, 10, 10]],
  ])("%j → %j, summing to 100 whenever anyone voted", (votes, expected) => {
    const result = percentages(votes);
    expect(result).toEqual(expected);
    if (votes.some((v) => v > 0)) expect(result.reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe("applyVote (the optimistic result while a vote travels)", () => {
  const options = [
    { id: "a", votes: 3 },
    { id: "b", votes: 1 },
  ];

  it("adds a first vote", () => {
    expect(applyVote(options, null, "b").map((o) => [o.votes, o.percent])).toEqual([
      [3, 60],
      [2, 40],
    ]);
  });

  it("moves a changed vote instead of adding one: one vote per user", () => {
    expect(applyVote(options, "a", "b").map((o) => [o.votes, o.percent])).toEqual([
      [2, 50],
      [2, 50],
    ]);
  });

  it("changes nothing for the same option or an unknown one", () => {
    expect(applyVote(options, "a", "a").map((o) => o.votes)).toEqual([3, 1]);
    expect(applyVote(options, "a", "zzz").map((o) => o.votes)).toEqual([3, 1]);
  });
});

describe("formatVotes", () => {
  it("says voto or votos", () => {
    expect(formatVotes(0)).toBe("0 votos");
    expect(formatVotes(1)).toBe("1 voto");
    expect(formatVotes(1234)).toBe("1.234 votos");
  });
});

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const options = (...labels: string[]) => labels.map((l): [string, string] => ["pollOptions", l]);

describe("PostSchema (the post form, in the browser and on the server)", () => {
  const errorsOf = (data: FormData) => {
    const submission = parseWithZod(data, { schema: PostSchema });
    return submission.status === "success" ? null : submission.error;
  };

  it("accepts a post without a poll, ignoring six empty option inputs", () => {
    const submission = parseWithZod(form([["content", "  Bom dia!  "], ["pollQuestion", ""], ...options("", "", "", "", "", "")]), {
      schema: PostSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(toPostInput(submission.value)).toEqual({ content: "Bom dia!", poll: null });
  });

  it("accepts a poll with 2 to 6 options, in order, skipping empty inputs", () => {
    const submission = parseWithZod(
      form([["content", "Vamos votar"], ["pollQuestion", " Qual dia? "], ...options("Sábado", "", " Domingo ", "", "", "")]),
      { schema: PostSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(toPostInput(submission.value)).toEqual({ content: "Vamos votar", poll: { question: "Qual dia?", options: ["Sábado", "Domingo"] } });
    }
    expect(errorsOf(form([["content", "x"], ["pollQuestion", "q"], ...options("1", "2", "3", "4", "5", "6")]))).toBeNull();
  });

  it("requires the text", () => {
    expect(errorsOf(form([["content", "   "]]))).toEqual({ content: ["Escreva o texto do post."] });
    expect(errorsOf(form([]))).toEqual({ content: ["Escreva o texto do post."] });
  });

  it("refuses 1 option, 7 options, repeated options, too long options and options without a question", () => {
    expect(errorsOf(form([["content", "x"], ["pollQuestion", "q"], ...options("Só uma")]))).toEqual({
      pollOptions: ["Uma enquete precisa de pelo menos 2 opções."],
    });
    expect(errorsOf(form([["content", "x"], ["pollQuestion", "q"], ...options("1", "2", "3", "4", "5", "6", "7")]))).toEqual({
      pollOptions: ["Uma enquete pode ter no máximo 6 opções."],
    });
    expect(errorsOf(form([["content", "x"], ["pollQuestion", "q"], ...options("Sim", "sim ")]))).toEqual({
      pollOptions: ["As opções da enquete precisam ser diferentes umas das outras."],
    });
    expect(errorsOf(form([["content", "x"], ["pollQuestion", "q"], ...options("a".repeat(121), "b")]))).toEqual({
      pollOptions: ["Cada opção pode ter no máximo 120 caracteres."],
    });
    expect(errorsOf(form([["content", "x"], ...options("Sim", "Não")]))).toEqual({ pollQuestion: ["Escreva a pergunta da enquete."] });
    expect(errorsOf(form([["content", "x"], ["pollQuestion", "Sem opções?"]]))).toEqual({
      pollOptions: ["Uma enquete precisa de pelo menos 2 opções."],
    });
    const many = Array.from({ length: 30 }, (_, i) => `Opção ${i}`);
    expect(errorsOf(form([["content", "x"], ["pollQuestion", "q"], ...options(...many)]))).toEqual({
      pollOptions: ["Uma enquete pode ter no máximo 6 opções."],
    });
  });

  it("reports every problem at once, the poll's included when the text is missing", () => {
    expect(errorsOf(form([["content", ""], ["pollQuestion", "q"], ...options("Única")]))).toEqual({
      content: ["Escreva o texto do post."],
      pollOptions: ["Uma enquete precisa de pelo menos 2 opções."],
    });
  });
});

describe("samePoll", () => {
  it("is true only for the same question and options in the same order", () => {
    const poll = { question: "q", options: ["a", "b"] };
    expect(samePoll(poll, { question: "q", options: ["a", "b"] })).toBe(true);
    expect(samePoll(poll, { question: "q", options: ["b", "a"] })).toBe(false);
    expect(samePoll(poll, { question: "Q", options: ["a", "b"] })).toBe(false);
    expect(samePoll(poll, null)).toBe(false);
    expect(samePoll(null, null)).toBe(true);
  });
});
