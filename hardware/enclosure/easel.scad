// Easel's printable enclosure: a case for every supported panel with its Raspberry Pi, and a
// seat-button pod. One parametric source; hardware/enclosure/check.py renders every part with
// Debian's openscad and checks each mesh and each fit. Units: mm. Render one part, e.g.:
//   openscad -D 'part="base"' -D 'panel="epd2in7_V2"' -D 'pi="pi4"' -D 'build="table"' -o base.stl easel.scad
// Every figure taken from a vendor drawing or spec sheet names its source beside it; figures
// marked "estimate" are not from a vendor drawing (measure your parts and change them here).

/* [What to make] */
part = "base";        // base | lid | exploded (preview of both) | pod | pod_bottom | pod_exploded | fit (echo only)
panel = "epd2in7_V2"; // epd2in13_V4 | epd2in7_V2 | epd2in9_V2 | epd4in2_V2 | epd7in5_V2 | epd7in3f
pi = "pi4";           // zero2w | pi4 (the Pi 4 and the Pi 5 share the board outline and the holes)
build = "table";      // hat27: the 2.7" HAT's four keys | table: roll + timer arcade buttons, seat cables

/* [Fit] */
clearance = 0.5;      // the gap between every board or panel outline and the wall of its pocket
wall = 2.4;           // side walls: six 0.4 mm perimeters
floor_t = 2.0;
lid_t = 2.0;
window_margin = 1.0;  // the window is the panel's active area plus this on each side
button_hole = 24.0;   // arcade button: 24 (24 mm button) or 30 (30 mm button); snap-in buttons
                      // hold in a panel up to ~3 mm thick (estimate; check the seller's sheet)
button_body = button_hole - 0.5; // the button's threaded body: 23.5 for a 24 mm hole (estimate)
button_depth = 34.0;  // room under the lid for a 24 mm button with its microswitch (estimate)
cable_exit = [40, 10];// the seat-cable bundle's slot in the back wall (table build)
power_exit = [14, 8]; // the Pi's power cable slot (every build)
buzzer_d = 12.0;      // a 12 mm buzzer (TMB12A05 / PS1240 class: both 12 mm, seller sheets)
$fn = 36;

// ---- The Raspberry Pi boards -------------------------------------------------------------
// [width, depth, pcb thickness, [hole x...], [hole y...], tallest part above the pcb]
// Pi 4 / Pi 5: 85 x 56 mm, M2.5 holes on a 58 x 49 mm rectangle, 3.5 mm from the header
//   edge and the left edge (Raspberry Pi 4 Model B mechanical drawing; the same figures on
//   osban.se "Raspberry Pi 3 / 4 / 5 Mounting Dimensions" and kapycad.com's Raspberry Pi page).
// Zero 2 W: 65 x 30 mm (Raspberry Pi Zero 2 W product brief: "65 mm x 30 mm"), M2.5 holes on a
//   58 x 23 mm rectangle 3.5 mm from the edges (Raspberry Pi Zero mechanical drawing).
// PCB thickness 1.6 and the tallest part (Pi 4/5: the USB/Ethernet block 16; Zero: 5) are
//   estimates: the drawings give no heights we could find.
function pi_data(p) = p == "zero2w" ? [65, 30, 1.6, [3.5, 61.5], [3.5, 26.5], 5]
                                    : [85, 56, 1.6, [3.5, 61.5], [3.5, 52.5], 16];
hole_d = 2.75;        // M2.5 clearance holes of 2.75 mm (Raspberry Pi B+/3/Zero mechanical drawings)
standoff_h = 4.0;     // room under the Pi for the SD card and solder joints (estimate)
hat_gap = 11.0;       // Pi pcb top to HAT pcb bottom on a 2x20 header: the usual 11 mm M2.5
                      // spacer (estimate, not from a vendor drawing)

// ---- The panels ------------------------------------------------------------------------------
// [kind, board w, board d, board t, glass w, glass d, glass t, active w, active d, active dx, active dy]
// kind: "hat" plugs on the Pi's header, glass on top; "module" is glass on a driver board,
// cabled to the Pi; "raw" is bare glass with a flat cable to the e-Paper Driver HAT on the Pi.
// The active area's offset (dx, dy) from the board's centre is in no page we found: 0 means
// centred, and window_margin covers a small offset; measure your panel before printing.
function panel_data(m) =
  // 2.13inch e-Paper HAT (V4): board 65.0 x 30.2, display 48.55 x 23.71 (Waveshare wiki
  // 2.13inch e-Paper HAT, as tabulated in mcauser/micropython-waveshare-epaper's README; the
  // same display size on the 2.13inch Touch e-Paper HAT wiki page). Glass outline: not found;
  // the pocket holds the board, which carries the glass.
  m == "epd2in13_V4" ? ["hat", 65.0, 30.2, 1.6, 0, 0, 1.0, 48.55, 23.71, 0, 0] :
  // 2.7inch e-Paper HAT (V2): board 85.0 x 56.0 (same README table, from the Waveshare wiki);
  // glass 70.42 x 45.8 x 0.98 and display 57.288 x 38.192 (Waveshare wiki, Pico e-Paper 2.7
  // spec: the same raw panel). The four keys sit in the 14.6 mm strip beside the glass
  // (85.0 - 70.42); the glass's place on the board is an estimate: flush to the far edge.
  m == "epd2in7_V2" ? ["hat", 85.0, 56.0, 1.6, 70.42, 45.8, 0.98, 57.288, 38.192, (85.0 - 70.42) / 2, 0] :
  // 2.9inch e-Paper Module (V2): board 89.5 x 38.0 (README table above, from the wiki);
  // glass 79.0 x 36.7 x 1.05, display 66.89 x 29.05 (Waveshare wiki, Pico e-Paper 2.9 spec).
  m == "epd2in9_V2" ? ["module", 89.5, 38.0, 1.6, 79.0, 36.7, 1.05, 66.89, 29.05, 0, 0] :
  // 4.2inch e-Paper Module (V2): board 103.0 x 78.5 (README table, from the wiki); glass
  // 90.1 x 77.0 x 1.18, display 84.8 x 63.6 (Waveshare wiki, Pico e-Paper 4.2 spec).
  m == "epd4in2_V2" ? ["module", 103.0, 78.5, 1.6, 90.1, 77.0, 1.18, 84.8, 63.6, 0, 0] :
  // 7.5inch e-Paper HAT (V2): raw glass 170.2 x 111.2 x 1.18, display 163.2 x 97.92 (Waveshare
  // wiki 7.5inch e-Paper HAT (B) and Pico e-Paper 7.5 spec: the same outline).
  m == "epd7in5_V2" ? ["raw", 170.2, 111.2, 1.18, 170.2, 111.2, 1.18, 163.2, 97.92, 0, 0] :
  // 7.3inch e-Paper HAT (F): NOT FOUND in the stored vendor pages. Estimate: the 7.5" glass
  // outline (both are 800x480 glass of the same class) and an 800x480 area at 0.2 mm pitch.
  m == "epd7in3f" ? ["raw", 170.2, 111.2, 1.18, 170.2, 111.2, 1.18, 160.0, 96.0, 0, 0] :
  undef;
// The e-Paper Driver HAT that drives the raw 7.5" and 7.3" glass: 65 x 30.2 (Waveshare wiki
// 7.5inch e-Paper HAT (B): "Outline dimension (Driver board): 65mm x 30.2mm").
driver_hat = [65.0, 30.2, 1.6];
connector_room = 8.0; // behind a module: its 9-pin connector and the cable's plug (estimate)
proto_layer = 11.0 + 1.6; // the table build's proto HAT with its stacking header (estimate, as hat_gap)

P = panel_data(panel);
assert(P != undef, str("unknown panel ", panel));
B = pi_data(pi);
kind = P[0];
table = build == "table";
assert(build == "table" || panel == "epd2in7_V2", "the hat27 build is the 2.7\" HAT's four keys");
hat_keys = panel == "epd2in7_V2";     // the 2.7" HAT brings up, down, ok and back on its keys
key_buttons = table && !hat_keys;     // other panels: four 12 mm push buttons for them
key_hole = 12.0;                      // a 12 mm panel-mount momentary push button (estimate)

// ---- Layout: x along the panel's long side, y its depth, z up; the floor's top at z = 0 -------
// The panel's board outline starts at (0, 0) before the shift below. A HAT lines up its
// header edge (y max) and its left edge with the Pi's (HAT and Pi holes 3.5 mm in from both).
pi_xy = kind == "hat" ? [0, P[2] - B[1]] : [(P[1] - B[0]) / 2, (P[2] - B[1]) / 2];
lo = [min(0, pi_xy[0]), min(0, pi_xy[1])];
hi = [max(P[1], pi_xy[0] + B[0]), max(P[2], pi_xy[1] + B[1])];
post = 7;                  // corner posts for the lid's M3 screws, at the cavity's four corners
mx = post + 0.5;           // left and right: room for the posts beside the boards
my = 2.0;                  // front and back: room for the pocket's frame (1.6 mm) inside the walls
boards = [hi[0] - lo[0] + 2 * clearance, hi[1] - lo[1] + 2 * clearance];
button_zone = table ? 2 * (button_hole + 10) : 0;       // roll and timer side by side
panel_end = mx + boards[0];                              // where the button zone starts
IW = panel_end + button_zone + mx;                       // inner width
ID = 2 * my + max(boards[1], table ? button_hole + 10 + (key_buttons ? 22 : 0) : 0); // inner depth
arcade_y = key_buttons ? ID - my - (button_hole + 10) / 2 : ID / 2;   // roll and timer's row
y_pad = (ID - 2 * my - boards[1]) / 2;
shift = [mx + clearance - lo[0], my + y_pad + clearance - lo[1]];
pos_panel = [shift[0], shift[1]];
pos_pi = [shift[0] + pi_xy[0], shift[1] + pi_xy[1]];

layers = table ? proto_layer : 0;                         // the table build's proto HAT
// Heights: a HAT sits on the header (above the proto layer in the table build), its glass
// against the lid; a module or raw glass sits in the lid's pocket, above the Pi's tallest part
// and any HAT on the Pi. When the buttons need a deeper box, taller standoffs lift the Pi so
// that a HAT still meets the lid.
hat_stack = standoff_h + B[2] + layers + hat_gap + P[3] + P[6];
hang_stack = standoff_h + B[2] + max(B[5], layers + hat_gap + driver_hat[2] + connector_room)
             + P[3] + P[6] + (kind == "module" ? connector_room : 2);
stack_top = kind == "hat" ? hat_stack : hang_stack;
H = max(stack_top, table ? button_depth : 0);            // the lid's underside
pi_bottom = standoff_h + (kind == "hat" ? H - stack_top : 0);
pi_top = pi_bottom + B[2];
panel_z0 = H - P[6] - (kind == "raw" ? 0 : P[3]);          // the board (or glass) bottom
frame_h = kind == "raw" ? P[6] + 1.0 : P[3] + P[6];        // the pocket's depth under the lid

// ---- Fit report (read by check.py): name, box min xyz, box max xyz, pocket? --------------
module fit_report() {
  echo(FIT = ["panel", pos_panel[0], pos_panel[1], panel_z0,
              pos_panel[0] + P[1], pos_panel[1] + P[2], H, 1]);
  echo(FIT = ["pi", pos_pi[0], pos_pi[1], pi_bottom, pos_pi[0] + B[0], pos_pi[1] + B[1], pi_top, 0]);
  for (x = B[3], y = B[4])
    echo(HOLE = [pos_pi[0] + x, pos_pi[1] + y, pi_bottom]);
  echo(CLEARANCE = clearance);
  if (table) for (i = [0, 1])
    echo(RING = [i == 0 ? "roll" : "timer", panel_end + (button_hole + 10) * (i + 0.5), arcade_y,
                 button_body / 2, H + lid_t / 2, (button_hole - button_body) / 2]);
}

// ---- The base: floor, walls, Pi standoffs, corner posts, cable exits, buzzer grille ----------
module base() {
  difference() {
    union() {
      difference() {
        translate([-wall, -wall, -floor_t]) cube([IW + 2 * wall, ID + 2 * wall, H + floor_t]);
        cube([IW, ID, H + 1]);
      }
      for (x = B[3], y = B[4]) translate([pos_pi[0] + x, pos_pi[1] + y, -0.01])
        cylinder(d = 6, h = pi_bottom + 0.01);
      for (c = corners()) translate([c[0], c[1], -0.01]) corner_post(H - 0.5);
    }
    for (x = B[3], y = B[4]) translate([pos_pi[0] + x, pos_pi[1] + y, -1])
      cylinder(d = 2.2, h = pi_bottom + 2);                 // M2.5 self-tapping
    for (c = corners()) translate([c[0], c[1], 2]) cylinder(d = 2.5, h = H);  // M3 self-tapping
    // the power cable leaves through the back wall beside the Pi
    translate([pos_pi[0] + B[0] / 2 - power_exit[0] / 2, ID - 1, pi_top])
      slot(power_exit[0], wall + 2, power_exit[1]);
    if (table)  // the seat cables' bundle, at floor level under the button zone
      translate([panel_end + button_zone / 2 - cable_exit[0] / 2, ID - 1, 0.01])
        slot(cable_exit[0], wall + 2, cable_exit[1]);
    // the buzzer's grille in the left wall
    for (dy = [-3.5, 0, 3.5], dz = [-3.5, 0, 3.5])
      translate([-wall - 1, ID / 2 + dy, min(H / 2, 12) + dz]) rotate([0, 90, 0])
        cylinder(d = 2, h = wall + 2, $fn = 12);
  }
  // the buzzer's ring, inside the left wall (glue the buzzer into it)
  translate([0, ID / 2, min(H / 2, 12)]) rotate([0, 90, 0]) difference() {
    cylinder(d = buzzer_d + 3, h = 2);
    translate([0, 0, -1]) cylinder(d = buzzer_d + 0.4, h = 4);
  }
}

function corners() = [[post / 2, post / 2], [IW - post / 2, post / 2],
                      [post / 2, ID - post / 2], [IW - post / 2, ID - post / 2]];
module corner_post(h) { translate([-post / 2, -post / 2, 0]) cube([post, post, h]); }
module slot(w, d, h) {
  hull() for (x = [h / 2, w - h / 2]) translate([x, 0, h / 2]) rotate([-90, 0, 0]) cylinder(d = h, h = d);
}

// ---- The lid: plate, window, the panel's pocket, keys or arcade buttons ----------------------
module lid() {
  a = [P[7] + 2 * window_margin, P[8] + 2 * window_margin];
  centre = [pos_panel[0] + P[1] / 2 + P[9], pos_panel[1] + P[2] / 2 + P[10]];
  difference() {
    union() {
      translate([-wall, -wall, H]) cube([IW + 2 * wall, ID + 2 * wall, lid_t]);
      // the pocket's frame: a ring `clearance` outside the panel's outline, frame_h deep
      translate([0, 0, H - frame_h]) difference() {
        translate([pos_panel[0] - clearance - 1.6, pos_panel[1] - clearance - 1.6, 0])
          cube([P[1] + 2 * clearance + 3.2, P[2] + 2 * clearance + 3.2, frame_h + 0.01]);
        translate([pos_panel[0] - clearance, pos_panel[1] - clearance, -1])
          cube([P[1] + 2 * clearance, P[2] + 2 * clearance, frame_h + 2]);
      }
    }
    // the window over the active area, chamfered 45 degrees outward so the edge casts no shadow
    hull() {
      translate([centre[0] - a[0] / 2, centre[1] - a[1] / 2, H - 1]) cube([a[0], a[1], 1.01]);
      translate([centre[0] - a[0] / 2 - lid_t, centre[1] - a[1] / 2 - lid_t, H + lid_t])
        cube([a[0] + 2 * lid_t, a[1] + 2 * lid_t, 0.01]);
    }
    // the frame must not cut into the posts' screw holes: trim it where a post stands
    for (c = corners()) translate([c[0], c[1], H - 1]) cylinder(d = 3.4, h = lid_t + 2);  // M3
    if (hat_keys)  // a slot over the HAT's four keys (the strip beside the glass)
      translate([pos_panel[0] + 2, pos_panel[1] + 5, H - frame_h - 1])
        cube([P[1] - P[4] - 4, P[2] - 10, frame_h + lid_t + 2]);
    if (table)  // roll and timer: two arcade buttons side by side
      for (i = [0, 1]) translate([panel_end + (button_hole + 10) * (i + 0.5), arcade_y, H - 1])
        cylinder(d = button_hole, h = lid_t + 2, $fn = 72);
    if (key_buttons)  // up, down, ok, back: a row of four in front of the arcade buttons
      for (i = [0:3]) translate([panel_end + button_zone / 2 + (i - 1.5) * 16, my + 11, H - 1])
        cylinder(d = key_hole, h = lid_t + 2, $fn = 48);
  }
}

// ---- The seat-button pod: one arcade button and its cable ------------------------------------
pod_in = button_hole + 14;   // inner width: the microswitch beside the button's body (estimate)
pod_h = button_depth + 4;
pod_cable = 6.5;             // a round 2-core cable up to 6 mm (estimate)
module pod() {
  difference() {
    translate([-pod_in / 2 - wall, -pod_in / 2 - wall, 0]) cube([pod_in + 2 * wall, pod_in + 2 * wall, pod_h + 2]);
    translate([-pod_in / 2, -pod_in / 2, -1]) cube([pod_in, pod_in, pod_h + 1]);
    translate([0, 0, pod_h - 1]) cylinder(d = button_hole, h = 4, $fn = 72);
    translate([0, -pod_in / 2 - wall - 1, 6]) rotate([-90, 0, 0]) cylinder(d = pod_cable, h = wall + 2);
  }
  // a bar inside the cable hole for a cable tie: strain relief
  translate([-8, -pod_in / 2 + 4, 0]) difference() {
    cube([16, 3, 12]);
    translate([3, -1, 3]) cube([10, 5, 4]);
  }
  for (c = [[-1, -1], [1, -1], [-1, 1], [1, 1]])   // screw bosses for the bottom plate
    translate([c[0] * (pod_in / 2 - 3), c[1] * (pod_in / 2 - 3), 0]) difference() {
      translate([-3, -3, 0]) cube([6, 6, pod_h]);
      translate([0, 0, -1]) cylinder(d = 2.5, h = 10);
    }
}
module pod_bottom() {
  difference() {
    translate([-pod_in / 2 - wall, -pod_in / 2 - wall, -2]) cube([pod_in + 2 * wall, pod_in + 2 * wall, 2]);
    for (c = [[-1, -1], [1, -1], [-1, 1], [1, 1]])
      translate([c[0] * (pod_in / 2 - 3), c[1] * (pod_in / 2 - 3), -3]) cylinder(d = 3.4, h = 4);
    for (c = [[-1, -1], [1, -1], [-1, 1], [1, 1]])   // recesses for 10 mm rubber feet
      translate([c[0] * (pod_in / 2 - 9), c[1] * (pod_in / 2 - 9), -2.6]) cylinder(d = 10.5, h = 1.6);
  }
}
module pod_report() {
  // the button's body, centred in its hole in the pod's top: RING = name, centre, radius, z, gap
  echo(RING = ["button", 0, 0, button_body / 2, pod_h + 1, (button_hole - button_body) / 2]);
}

if (part == "base") base();
else if (part == "lid") lid();
else if (part == "exploded") { color("SteelBlue") base(); color("LightGray") translate([0, 0, 15]) lid(); }
else if (part == "pod") pod();
else if (part == "pod_bottom") pod_bottom();
else if (part == "pod_exploded") { color("SteelBlue") pod(); color("LightGray") translate([0, 0, -10]) pod_bottom(); }
if (part == "pod" || part == "pod_bottom" || part == "pod_exploded") pod_report(); else fit_report();
