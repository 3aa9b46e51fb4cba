//! Draws the board of a save as one seat sees it, into a PNG (screenshots of hidden
//! information from each side): `cargo run --example board_png -- SAVE.json SEAT OUT.png`.

use tonkin::art::View;
use tonkin::games;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [save, seat, out] = args.as_slice() else {
        return Err("usage: board_png SAVE.json SEAT OUT.png".into());
    };
    let seat: u8 = seat.parse().map_err(|e| format!("seat: {e}"))?;
    let bytes = std::fs::read(save).map_err(|e| format!("{save}: {e}"))?;
    let session = games::load_any(&bytes, save)?;
    let board = session.board().ok_or("this game has no board")?;
    let (w, h) = (1400, 1280);
    let surface =
        cairo::ImageSurface::create(cairo::Format::ARgb32, w, h).map_err(|e| e.to_string())?;
    let cr = cairo::Context::new(&surface).map_err(|e| e.to_string())?;
    let targets = session
        .prompt()
        .choices
        .iter()
        .filter_map(|c| c.target.clone())
        .collect();
    let view = View {
        width: f64::from(w),
        height: f64::from(h),
        seat,
        targets,
        ..View::default()
    };
    board.draw_board(&cr, &view).map_err(|e| e.to_string())?;
    drop(cr);
    let mut file = std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?;
    surface.write_to_png(&mut file).map_err(|e| e.to_string())?;
    Ok(())
}
