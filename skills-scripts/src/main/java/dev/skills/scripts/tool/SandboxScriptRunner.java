package dev.skills.scripts.tool;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.ModelText;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.scripts.ScriptCall;
import dev.skills.scripts.ScriptInterpreters;
import dev.skills.scripts.SkillScriptApprover;
import dev.skills.scripts.SkillScriptApprover.Approval;
import dev.skills.scripts.TrustedLocations;
import dev.skills.scripts.sandbox.SandboxException;
import dev.skills.scripts.sandbox.ScriptLimits;
import dev.skills.scripts.sandbox.ScriptRequest;
import dev.skills.scripts.sandbox.ScriptResult;
import dev.skills.scripts.sandbox.SkillScriptSandbox;
import dev.skills.spring.ai.tool.SkillInvocation;
import dev.skills.spring.ai.tool.SkillInvocationListener.Outcome;
import dev.skills.spring.ai.tool.SkillScriptRunner;
import dev.skills.spring.ai.tool.SkillToolDefinitions;
import dev.skills.spring.ai.tool.scope.ToolScope;
import org.jspecify.annotations.Nullable;

/**
 * Runs {@code run_skill_script} calls in a {@link SkillScriptSandbox}: only bundled files
 * with a configured interpreter, of skills from a trusted location that sit in a folder
 * on disk and do not forbid the tool for themselves, each approved before it runs. Every
 * refusal says what the model can do instead and names no host path.
 */
public final class SandboxScriptRunner implements SkillScriptRunner {

	private final SkillScriptSandbox sandbox;

	private final ScriptInterpreters interpreters;

	private final TrustedLocations trusted;

	private final SkillScriptApprover approver;

	private final ScriptLimits limits;

	/**
	 * Create a runner.
	 * @param sandbox where scripts run
	 * @param interpreters which files run, and with what
	 * @param trusted whose scripts run
	 * @param approver the last word on each call
	 * @param limits the bounds of every run
	 */
	public SandboxScriptRunner(SkillScriptSandbox sandbox, ScriptInterpreters interpreters, TrustedLocations trusted,
			SkillScriptApprover approver, ScriptLimits limits) {
		this.sandbox = sandbox;
		this.interpreters = interpreters;
		this.trusted = trusted;
		this.approver = approver;
		this.limits = limits;
	}

	@Override
	public boolean runsScripts(SkillsSnapshot snapshot, String skill) {
		return folderOf(snapshot, skill) != null && !scripts(snapshot, skill).isEmpty();
	}

	@Override
	public Reply run(SkillsSnapshot snapshot, SkillInvocation invocation, List<String> args, String stdin) {
		String skill = invocation.skillName();
		Path folder = folderOf(snapshot, skill);
		if (folder == null) {
			return Reply.refused("Error: skill '" + ModelText.echo(skill) + "' may not run scripts here.");
		}
		List<String> scripts = scripts(snapshot, skill);
		String path = (invocation.path() != null) ? invocation.path() : "";
		if (!this.interpreters.runs(path)) {
			return Reply.refused("Error: '" + ModelText.echo(path) + "' does not run: only files ending in "
					+ String.join(", ", this.interpreters.extensions()) + " run. " + scriptList(skill, scripts));
		}
		if (!scripts.contains(path)) {
			return Reply.refused("Error: '" + ModelText.echo(path) + "' is not a file bundled with skill '" + skill
					+ "'; give its path relative to the skill folder. " + scriptList(skill, scripts));
		}
		ScriptCall call = new ScriptCall(skill, path, args, stdin);
		Approval approval = this.approver.approve(call);
		if (!approval.allowed()) {
			return Reply.refused("Error: the application did not allow this run: " + approval.reason());
		}
		List<String> command = new ArrayList<>(this.interpreters.command(path).orElseThrow());
		command.addAll(args);
		ScriptResult result;
		try {
			result = this.sandbox.run(new ScriptRequest(folder, command, stdin, this.limits));
		}
		catch (SandboxException ex) {
			return new Reply("Error: " + ex.getMessage(), Outcome.FAILED, null);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return new Reply("Error: the run was interrupted; its processes were ended.", Outcome.FAILED, null);
		}
		String text = ScriptResultText.of(call, result, this.limits);
		if (result.timedOut()) {
			return new Reply(text, Outcome.TIMED_OUT, null);
		}
		return new Reply(text, (result.exitCode() == 0) ? Outcome.OK : Outcome.FAILED, result.exitCode());
	}

	// The skill's folder on disk when its scripts may run: a trusted location, a folder
	// (not a jar), and no disallowed-tools entry naming the tool.
	private @Nullable Path folderOf(SkillsSnapshot snapshot, String skill) {
		Optional<SkillMeta> meta = snapshot.get(skill);
		if (meta.isEmpty() || !this.trusted.trusts(snapshot.locationOf(skill))
				|| ToolScope.forbiddenBy(meta.get(), SkillToolDefinitions.RUN_SKILL_SCRIPT)) {
			return null;
		}
		Path folder = Path.of(meta.get().baseDirectory());
		return (folder.isAbsolute() && Files.isDirectory(folder)) ? folder : null;
	}

	private List<String> scripts(SkillsSnapshot snapshot, String skill) {
		return snapshot.files(skill).stream().filter(this.interpreters::runs).toList();
	}

	private static String scriptList(String skill, List<String> scripts) {
		return SkillPrompts.nameList("Scripts of skill '" + skill + "'", scripts);
	}

}
