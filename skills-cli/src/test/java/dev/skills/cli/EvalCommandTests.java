package dev.skills.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.skills.test.ChatCompletionsStub;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code skills eval} on real skill folders with {@code eval_queries.json}, with other
 * skills as competition, and through a real ChatClient against a stub OpenAI endpoint.
 */
class EvalCommandTests {

	@TempDir
	Path root;

	Path skill;

	Path others;

	private final StringWriter out = new StringWriter();

	private final StringWriter err = new StringWriter();

	private int run(String... args) {
		CommandLine commandLine = SkillsCli.commandLine();
		commandLine.setOut(new PrintWriter(this.out));
		commandLine.setErr(new PrintWriter(this.err));
		return commandLine.execute(args);
	}

	@BeforeEach
	void skills() throws IOException {
		this.skill = write(this.root.resolve("mine/pdf-forms"), "pdf-forms", "Fill in and extract fields of PDF forms.",
				"# PDF forms\n\nRead the AcroForm fields, then fill them.\n");
		write(this.skill.resolve("eval_queries.json"), """
				[
				  {"query": "fill in the fields of this pdf form", "should_trigger": true},
				  {"query": "extract the form fields from my pdf", "should_trigger": true},
				  {"query": "what is the weather in Lisbon", "should_trigger": false}
				]
				""");
		// Named to come before pdf-forms in catalog order: a small budget is filled with
		// them, so pdf-forms is listed only when it ranks.
		this.others = this.root.resolve("others");
		for (int i = 0; i < 40; i++) {
			write(this.others.resolve("archive-team-%02d".formatted(i)), "archive-team-%02d".formatted(i),
					"Handles the quarterly paperwork of team " + i + ": reviews, summaries and reports.", "Steps.\n");
		}
	}

	@Test
	void whenEveryQueryPassesThenTheTextReportsEachQueryAndTheExitCodeIsZero() {
		assertThat(run("eval", this.skill.toString(), "--against", this.others.toString(), "--max-tokens", "300"))
			.as(this.err.toString())
			.isZero();

		assertThat(this.out.toString().lines()).first()
			.isEqualTo("pdf-forms: 3 of 3 queries pass (41 skills, budget 300 tokens)");
		assertThat(this.out.toString())
			.containsPattern("pass  should trigger +listed +rank 1 +fill in the fields of this pdf form")
			.containsPattern("pass  should not trigger +not listed +rank - +what is the weather in Lisbon")
			.endsWith("All queries pass.\n");
	}

	@Test
	void whenAShouldTriggerQueryIsNotListedThenItFailsAndTheExitCodeIsOne() throws IOException {
		Path queries = write(this.root.resolve("queries.json"), """
				[{"query": "summaries of the quarterly paperwork and reports", "should_trigger": true}]
				""");

		assertThat(run("eval", this.skill.toString(), "--against", this.others.toString(), "--max-tokens", "300",
				"--queries", queries.toString()))
			.isEqualTo(1);

		assertThat(this.out.toString()).contains("FAIL  should trigger      not listed")
			.endsWith("Some queries fail.\n");
	}

	@Test
	void shouldNotTriggerQueryRankedTopFails() throws IOException {
		// The whole catalog fits: the skill is listed for any query, so only its rank
		// shows
		// that the description pulls it in.
		Path queries = write(this.root.resolve("queries.json"), """
				[{"query": "extract the text of a pdf, not its form fields", "should_trigger": false}]
				""");

		assertThat(run("eval", this.skill.toString(), "--queries", queries.toString())).isEqualTo(1);

		assertThat(this.out.toString())
			.containsPattern("FAIL  should not trigger +listed +rank 1 +\\(ranks within the top 3\\)  extract the text")
			.endsWith("Some queries fail.\n");
	}

	@Test
	void shouldNotTriggerQueryBelowTopPasses() throws IOException {
		Path pdfTools = this.root.resolve("pdf-tools");
		for (String tool : new String[] { "merge", "split", "compress", "ocr" }) {
			write(pdfTools.resolve("pdf-" + tool), "pdf-" + tool, "Use to " + tool + " PDF files.", "Steps.\n");
		}
		Path queries = write(this.root.resolve("queries.json"), """
				[{"query": "merge, split, compress or ocr my pdf", "should_trigger": false}]
				""");

		assertThat(run("eval", this.skill.toString(), "--against", pdfTools.toString(), "--queries", queries.toString(),
				"--format", "json"))
			.as(this.out.toString())
			.isZero();

		JsonNode report = JsonMapper.builder().build().readTree(this.out.toString());
		assertThat(report.path("top").asInt()).isEqualTo(3);
		assertThat(report.path("skills").get(0).path("queries").get(0).path("rank").asInt()).isEqualTo(5);
	}

	@Test
	void topOutOfRangeIsUsageError() {
		assertThat(run("eval", this.skill.toString(), "--top", "0")).isEqualTo(2);

		assertThat(this.err.toString()).contains("--top must be 1 to 1000, not 0");
	}

	@Test
	void whenJsonIsAskedForThenEveryQueryHasItsListingRankAndVerdict() {
		assertThat(run("eval", this.skill.toString(), "--against", this.others.toString(), "--max-tokens", "300",
				"--format", "json"))
			.isZero();

		JsonNode report = JsonMapper.builder().build().readTree(this.out.toString());
		assertThat(report.path("skillsLoaded").asInt()).isEqualTo(41);
		assertThat(report.path("passed").asBoolean()).isTrue();
		JsonNode first = report.path("skills").get(0).path("queries").get(0);
		assertThat(report.path("skills").get(0).path("skill").asString()).isEqualTo("pdf-forms");
		assertThat(first.path("query").asString()).isEqualTo("fill in the fields of this pdf form");
		assertThat(first.path("shouldTrigger").asBoolean()).isTrue();
		assertThat(first.path("listed").asBoolean()).isTrue();
		assertThat(first.path("rank").asInt()).isEqualTo(1);
		assertThat(first.path("triggerRate").isNull()).isTrue();
		assertThat(report.path("skills").get(0).path("queries").get(2).path("rank").isNull()).isTrue();
		assertThat(report.path("skills").get(0).path("passed").asBoolean()).isTrue();
	}

	@Test
	void whenNoSkillHasQueriesThenItIsAUsageErrorThatSaysWhatToWrite() throws IOException {
		Files.delete(this.skill.resolve("eval_queries.json"));

		assertThat(run("eval", this.skill.toString())).isEqualTo(2);

		assertThat(this.err.toString()).contains("No eval_queries.json in the skills of " + this.skill);
	}

	@Test
	void whenTheQueriesAreNotWhatTheGuideDescribesThenItIsAUsageErrorNamingTheEntry() throws IOException {
		write(this.skill.resolve("eval_queries.json"), "[{\"query\": \"fill a form\"}]");

		assertThat(run("eval", this.skill.toString())).isEqualTo(2);

		assertThat(this.err.toString())
			.contains("entry 1: needs a non-empty \"query\" string and a \"should_trigger\"");
	}

	@Test
	void whenAModelIsGivenThenEachQueryRunsThroughIt3TimesAndTheTriggerRatesPass() {
		try (ChatCompletionsStub model = modelActivating("pdf", "pdf-forms")) {
			assertThat(run("eval", this.skill.toString(), "--against", this.others.toString(), "--model-url",
					model.baseUrl()))
				.as(this.err.toString())
				.isZero();

			assertThat(questions(model)).isEqualTo(9);
			assertThat(this.out.toString()).contains("3 runs, threshold 0.50")
				.containsPattern("pass  should trigger +listed +rank 1 +rate 1.00  fill in the fields")
				.containsPattern("pass  should not trigger +listed +rank - +rate 0.00  what is the weather");
		}
	}

	@Test
	void whenTheModelDoesNotActivateTheSkillThenTheTriggerRateMissesAndTheExitCodeIsOne() {
		try (ChatCompletionsStub model = modelActivating("Lisbon", "pdf-forms")) {
			assertThat(run("eval", this.skill.toString(), "--model-url", model.baseUrl(), "--runs", "2", "--format",
					"json"))
				.isEqualTo(1);

			JsonNode queries = JsonMapper.builder()
				.build()
				.readTree(this.out.toString())
				.path("skills")
				.get(0)
				.path("queries");
			assertThat(queries.get(0).path("triggerRate").asDouble()).isZero();
			assertThat(queries.get(0).path("passed").asBoolean()).isFalse();
			assertThat(queries.get(2).path("triggerRate").asDouble()).isEqualTo(1.0);
			assertThat(queries.get(2).path("passed").asBoolean()).isFalse();
			assertThat(questions(model)).isEqualTo(6);
		}
	}

	@Test
	void whenTheModelDoesNotAnswerThenTheExitCodeIsTwoWithAMessage() throws IOException {
		int port;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			port = socket.getLocalPort();
		}

		assertThat(run("eval", this.skill.toString(), "--model-url", "http://127.0.0.1:" + port + "/v1")).isEqualTo(2);

		assertThat(this.err.toString()).contains("Error: the model at http://127.0.0.1:" + port + "/v1 did not answer");
	}

	@Test
	void whenRunsOrThresholdAreOutOfRangeThenItIsAUsageError() {
		assertThat(run("eval", this.skill.toString(), "--runs", "0")).isEqualTo(2);
		assertThat(run("eval", this.skill.toString(), "--threshold", "1.5")).isEqualTo(2);
		assertThat(this.err.toString()).contains("--runs must be 1 to 100").contains("--threshold must be above 0");
	}

	private static Path write(Path folder, String name, String description, String body) throws IOException {
		write(folder.resolve("SKILL.md"), "---\nname: " + name + "\ndescription: " + description + "\n---\n" + body);
		return folder;
	}

	private static Path write(Path file, String text) throws IOException {
		Files.createDirectories(file.getParent());
		return Files.writeString(file, text);
	}

	/**
	 * A model that activates a skill when the user's message holds a keyword and the
	 * request offers {@code activate_skill}, and otherwise answers with text.
	 */
	private static ChatCompletionsStub modelActivating(String keyword, String skill) {
		return ChatCompletionsStub.start().otherwise((request) -> {
			boolean offered = request.path("tools").toString().contains("activate_skill");
			return (offered && !carriesToolResult(request) && userText(request).contains(keyword))
					? ChatCompletionsStub.Reply.toolCall("activate_skill", "{\"skill_name\":\"" + skill + "\"}")
					: ChatCompletionsStub.Reply.answer("Done.");
		});
	}

	/**
	 * How many requests asked a question (carried no tool result).
	 */
	private static long questions(ChatCompletionsStub model) {
		return model.requests().stream().filter((request) -> !carriesToolResult(request)).count();
	}

	private static boolean carriesToolResult(JsonNode request) {
		for (JsonNode message : request.path("messages")) {
			if (message.path("role").asString().equals("tool")) {
				return true;
			}
		}
		return false;
	}

	private static String userText(JsonNode request) {
		String user = "";
		for (JsonNode message : request.path("messages")) {
			if (message.path("role").asString().equals("user")) {
				user = message.path("content").toString();
			}
		}
		return user;
	}

}
