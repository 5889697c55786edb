package dev.skills.scripts.tool;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.scripts.ScriptInterpreters;
import dev.skills.scripts.SkillScriptApprover;
import dev.skills.scripts.SkillScriptApprover.Approval;
import dev.skills.scripts.TrustedLocations;
import dev.skills.scripts.bubblewrap.BubblewrapSandbox;
import dev.skills.scripts.sandbox.ScriptLimits;
import dev.skills.scripts.testing.BubblewrapTest;
import dev.skills.scripts.testing.ScriptFixtures;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.tool.SkillInvocation;
import dev.skills.spring.ai.tool.SkillInvocationListener.Outcome;
import dev.skills.spring.ai.tool.SkillScriptRunner;
import dev.skills.spring.ai.tool.SkillToolDefinitions;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import io.micrometer.observation.tck.TestObservationRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.tool.ToolCallback;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code run_skill_script} end to end: a real registry of skill folders, the tool of
 * {@code skills-spring-ai}, this module's runner and real bubblewrap. Which skills it
 * offers, what it refuses and how, what the model reads, and its observation.
 */
@BubblewrapTest
class RunSkillScriptToolTests {

	private static final ScriptLimits LIMITS = new ScriptLimits(Duration.ofSeconds(20), 100 * 1024, 32, 256L << 20,
			4L << 20);

	private static BubblewrapSandbox sandbox;

	@TempDir
	Path root;

	private SkillsRegistry registry;

	private final TestObservationRegistry observations = TestObservationRegistry.create();

	@BeforeAll
	static void createSandbox() {
		sandbox = BubblewrapSandbox.create(2);
	}

	@AfterAll
	static void closeSandbox() {
		sandbox.close();
	}

	@AfterEach
	void closeRegistry() {
		if (this.registry != null) {
			this.registry.close();
		}
	}

	@Test
	void enumHoldsTrustedSkillsWithScripts() {
		SkillsTools tools = tools(SkillScriptApprover.ALLOW_TRUSTED);

		ToolCallback run = tools.toolSet(this.registry.snapshot(), null).run();

		assertThat(run).isNotNull();
		assertThat(run.getToolDefinition().inputSchema()).contains("\"enum\":[\"greet\"]")
			.contains("\"args\"")
			.contains("\"stdin\"");
	}

	@Test
	void scriptRunsWithArgsAndStdin() {
		String text = call("{\"skill_name\":\"greet\",\"path\":\"scripts/greet.py\",\"args\":[\"Ada\"],"
				+ "\"stdin\":\"from stdin\"}");

		assertThat(text).isEqualTo("""
				<script_result skill="greet" path="scripts/greet.py" exit_code="0">
				<stdout>
				hello Ada from stdin in /work
				</stdout>
				<stderr>
				</stderr>
				</script_result>""");
		assertThat(this.observations).hasObservationWithNameEqualTo("skills.script.run")
			.that()
			.hasLowCardinalityKeyValue("gen_ai.skill.name", "greet")
			.hasLowCardinalityKeyValue("skills.outcome", "ok")
			.hasHighCardinalityKeyValue("skills.script.exit_code", "0");
	}

	@Test
	void failingScriptIsFailedWithItsCode() {
		String text = call("{\"skill_name\":\"greet\",\"path\":\"scripts/fail.sh\"}");

		assertThat(text).contains("exit_code=\"4\"").contains("broken");
		assertThat(this.observations).hasObservationWithNameEqualTo("skills.script.run")
			.that()
			.hasLowCardinalityKeyValue("skills.outcome", "failed")
			.hasHighCardinalityKeyValue("skills.script.exit_code", "4");
	}

	@Test
	void untrustedSkillIsRefused() {
		String text = call("{\"skill_name\":\"remote\",\"path\":\"scripts/steal.py\"}");

		assertThat(text).isEqualTo("Error: skill 'remote' has no scripts that can run here. Valid skill names: greet.");
		assertThat(this.observations).hasObservationWithNameEqualTo("skills.script.run")
			.that()
			.hasLowCardinalityKeyValue("skills.outcome", "refused");
	}

	@Test
	void runnerRefusesUntrustedWithoutEnum() {
		// A partial catalog offers the tool without an enum: the runner checks trust
		// itself.
		tools(SkillScriptApprover.ALLOW_TRUSTED);
		SandboxScriptRunner runner = new SandboxScriptRunner(sandbox,
				ScriptInterpreters.of(ScriptInterpreters.DEFAULTS),
				TrustedLocations.of(List.of(this.root.resolve("trusted").toString())),
				SkillScriptApprover.ALLOW_TRUSTED, LIMITS);
		SkillInvocation invocation = new SkillInvocation(SkillToolDefinitions.RUN_SKILL_SCRIPT, "remote",
				"scripts/steal.py", null);

		SkillScriptRunner.Reply reply = runner.run(this.registry.snapshot(), invocation, List.of(), "");

		assertThat(runner.runsScripts(this.registry.snapshot(), "remote")).isFalse();
		assertThat(reply.outcome()).isEqualTo(Outcome.REFUSED);
		assertThat(reply.text()).isEqualTo("Error: skill 'remote' may not run scripts here.");
	}

	@Test
	void badPathsAreRefusedWithTheScripts() {
		assertThat(call("{\"skill_name\":\"greet\",\"path\":\"../remote/scripts/steal.py\"}"))
			.isEqualTo("Error: '../remote/scripts/steal.py' is not a file bundled with skill 'greet'; give its path "
					+ "relative to the skill folder. Scripts of skill 'greet': scripts/fail.sh, scripts/greet.py.");
		assertThat(call("{\"skill_name\":\"greet\",\"path\":\"scripts/missing.py\"}"))
			.startsWith("Error: 'scripts/missing.py' is not a file bundled with skill 'greet'");
		assertThat(call("{\"skill_name\":\"greet\",\"path\":\"scripts\"}"))
			.isEqualTo("Error: 'scripts' does not run: only files ending in .js, .py, .sh run. "
					+ "Scripts of skill 'greet': scripts/fail.sh, scripts/greet.py.");
		assertThat(call("{\"skill_name\":\"greet\",\"path\":\"references/notes.txt\"}"))
			.startsWith("Error: 'references/notes.txt' does not run");
	}

	@Test
	void badArgumentsAreExplained() {
		assertThat(call("{\"skill_name\":\"greet\",\"path\":\"scripts/greet.py\",\"args\":\"Ada\"}"))
			.startsWith("Error: args must be an array of strings. Call run_skill_script with");
		assertThat(call("{\"skill_name\":\"greet\"}")).startsWith("Error: path is required");
		assertThat(call("[]")).startsWith("Error: the arguments must be a JSON object.");
	}

	@Test
	void approverRefusalReachesTheModel() {
		SkillsTools tools = tools(
				(call) -> call.args().contains("Ada") ? Approval.refuse("ask the user first") : Approval.ALLOW);
		ToolCallback run = tools.toolSet(this.registry.snapshot(), null).run();

		String text = run.call("{\"skill_name\":\"greet\",\"path\":\"scripts/greet.py\",\"args\":[\"Ada\"]}");

		assertThat(text).isEqualTo("Error: the application did not allow this run: ask the user first");
	}

	@Test
	void skillMayForbidTheToolForItself() {
		SkillFixtures.skillWithFrontmatter(this.root.resolve("trusted"), "quiet", "disallowed-tools: run_skill_script",
				"Never runs.");
		SkillFixtures.file(this.root.resolve("trusted/quiet"), "scripts/x.py", "print(1)\n");

		assertThat(call("{\"skill_name\":\"quiet\",\"path\":\"scripts/x.py\"}"))
			.startsWith("Error: skill 'quiet' has no scripts that can run here.");
	}

	@Test
	void modelCallsItThroughTheAdvisor() {
		SkillsTools tools = tools(SkillScriptApprover.ALLOW_TRUSTED);
		ScriptedChatModel model = new ScriptedChatModel()
			.thenCall(SkillToolDefinitions.RUN_SKILL_SCRIPT,
					"{\"skill_name\":\"greet\",\"path\":\"scripts/greet.py\",\"args\":[\"Bo\"]}")
			.thenAnswer("done");

		String answer = ChatClient.builder(model)
			.defaultAdvisors(SkillsAdvisor.builder(tools).build())
			.build()
			.prompt()
			.user("Greet Bo")
			.call()
			.content();

		assertThat(answer).isEqualTo("done");
		ToolResponseMessage response = (ToolResponseMessage) model.prompts()
			.get(1)
			.getInstructions()
			.stream()
			.filter(ToolResponseMessage.class::isInstance)
			.findFirst()
			.orElseThrow();
		assertThat(response.getResponses().get(0).responseData()).contains("hello Bo");
		for (String hostPath : ScriptFixtures.hostPaths(this.root)) {
			assertThat(response.getResponses().get(0).responseData()).doesNotContain(hostPath);
		}
	}

	private String call(String arguments) {
		SkillsTools tools = tools(SkillScriptApprover.ALLOW_TRUSTED);
		ToolCallback run = tools.toolSet(this.registry.snapshot(), null).run();
		assertThat(run).isNotNull();
		String text = run.call(arguments);
		assertThat(text).doesNotContain(ScriptFixtures.hostPaths(this.root));
		return text;
	}

	// A trusted location with greet (scripts and a text file), an untrusted one with
	// remote, which bundles a script too.
	private SkillsTools tools(SkillScriptApprover approver) {
		if (this.registry == null) {
			Path trusted = this.root.resolve("trusted");
			Path greet = SkillFixtures.skill(trusted, "greet");
			SkillFixtures.file(greet, "scripts/greet.py",
					"import os, sys\nprint('hello', sys.argv[1], sys.stdin.read(), 'in', os.getcwd())\n");
			SkillFixtures.file(greet, "scripts/fail.sh", "echo broken >&2\nexit 4\n");
			SkillFixtures.file(greet, "references/notes.txt", "notes\n");
			Path remote = SkillFixtures.skill(this.root.resolve("remote"), "remote");
			SkillFixtures.file(remote, "scripts/steal.py", "print(open('/etc/shadow').read())\n");
			this.registry = SkillsRegistry.create(SkillConfig.builder()
				.skillsDir(trusted.toString(), this.root.resolve("remote").toString())
				.build());
		}
		SandboxScriptRunner runner = new SandboxScriptRunner(sandbox,
				ScriptInterpreters.of(ScriptInterpreters.DEFAULTS),
				TrustedLocations.of(List.of(this.root.resolve("trusted").toString())), approver, LIMITS);
		return SkillsTools.builder(this.registry).observationRegistry(this.observations).scriptRunner(runner).build();
	}

}
